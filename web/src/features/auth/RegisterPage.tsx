import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, Grid, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PlanId, TEXT } from '@cg/shared';
import { api, ApiError } from '../../lib/api';
import { qk } from '../../lib/queryClient';
import { AuthCard } from './AuthCard';
import { safeNext, withNext } from './next';

export default function RegisterPage() {
  const navigate = useNavigate();
  // Chosen on /subscribe while signed out (design D11): back to that plan after sign-up.
  const [search] = useSearchParams();
  const plan = PlanId.safeParse(search.get('plan')).data;
  // Any other return path of this app (an invitation link keeps `next`, as /subscribe keeps `plan`).
  const next = safeNext(search.get('next'));
  const client = useQueryClient();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (form.password !== form.confirmPassword) {
      setError(TEXT.passwordsDiffer);
      return;
    }
    setBusy(true);
    try {
      const { confirmPassword: _unused, ...body } = form;
      const user = await api('register', { body });
      if (user && typeof user === 'object' && 'id' in user) client.setQueryData(qk.user, user);
      else await client.invalidateQueries({ queryKey: qk.user });
      navigate(plan ? `/subscribe?plan=${plan}` : (next ?? '/dashboard'));
    } catch (err) {
      setError(err instanceof ApiError ? (err.serverMessage ?? TEXT.registrationFailed) : TEXT.registrationNetwork);
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Start moderating comments with AI in minutes."
      footer={<Link to="/" className="cg-link">← Back to home</Link>}
    >
      <form onSubmit={onSubmit}>
        <Flex direction="column" gap="1rem">
          {error && (
            <Alert variation="error" role="alert" hasIcon>
              {error}
            </Alert>
          )}
          <Grid templateColumns={{ base: '1fr', small: '1fr 1fr' }} gap="1rem">
            <TextField label="First Name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
            <TextField label="Last Name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
          </Grid>
          <TextField label="Email" name="email" type="email" autoComplete="email" isRequired value={form.email} onChange={set('email')} />
          <PasswordField label="Password" name="password" autoComplete="new-password" isRequired value={form.password} onChange={set('password')} />
          <PasswordField
            label="Confirm Password"
            name="confirmPassword"
            autoComplete="new-password"
            isRequired
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
          />
          <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
            {busy ? 'Creating Account...' : 'Create Account'}
          </Button>
        </Flex>
      </form>
      <Text className="cg-center-text">
        Already have an account? <Link to={withNext('/login', next)} className="cg-link">Sign in</Link>
      </Text>
    </AuthCard>
  );
}
