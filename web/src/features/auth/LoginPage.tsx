import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@cg/shared';
import { api, ApiError } from '../../lib/api';
import { qk } from '../../lib/queryClient';
import { AuthCard } from './AuthCard';
import { safeNext, withNext } from './next';

export default function LoginPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  // Back to where the user was headed (an invitation link, for one) after signing in.
  const next = safeNext(useSearchParams()[0].get('next'));
  // A message from the page that sent the user here (the password reset).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const user = await api('login', { body: { email, password } });
      if (user && typeof user === 'object' && 'id' in user) client.setQueryData(qk.user, user);
      else await client.invalidateQueries({ queryKey: qk.user });
      navigate(next ?? '/dashboard');
    } catch (err) {
      if (err instanceof ApiError) setError(err.status === 429 ? TEXT.tooManyAttempts : TEXT.invalidCredentials);
      else setError(TEXT.loginNetwork);
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to moderate your Facebook and Instagram comments."
      footer={<Link to="/" className="cg-link">← Back to home</Link>}
    >
      <form onSubmit={onSubmit} noValidate={false}>
        <Flex direction="column" gap="1rem">
          {notice && !error && (
            <Alert variation="success" role="status" hasIcon>
              {notice}
            </Alert>
          )}
          {error && (
            <Alert variation="error" role="alert" hasIcon>
              {error}
            </Alert>
          )}
          <TextField label="Email" name="email" type="email" autoComplete="email" isRequired value={email} onChange={(e) => setEmail(e.target.value)} />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            isRequired
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Link to="/forgot-password" className="cg-link cg-small">Forgot password?</Link>
          <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </Flex>
      </form>
      <Text className="cg-center-text">
        Don&apos;t have an account? <Link to={withNext('/register', next)} className="cg-link">Create one</Link>
      </Text>
    </AuthCard>
  );
}
