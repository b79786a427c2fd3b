import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TEXT } from '@cg/shared';
import { api, ApiError } from '../../lib/api';
import { qk } from '../../lib/queryClient';
import { AuthCard } from './AuthCard';

export default function LoginPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
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
      navigate('/dashboard');
    } catch (err) {
      setError(err instanceof ApiError ? TEXT.invalidCredentials : TEXT.loginNetwork);
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
          <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </Flex>
      </form>
      <Text className="cg-center-text">
        Don&apos;t have an account? <Link to="/register" className="cg-link">Create one</Link>
      </Text>
    </AuthCard>
  );
}
