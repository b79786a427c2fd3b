import { useState, type FormEvent } from 'react';
import { Alert, Button, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { Link, useNavigate } from 'react-router';
import { TEXT } from '@cg/shared';
import { api, ApiError } from '../../lib/api';
import { AuthCard } from './AuthCard';

function failure(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.status === 429 ? TEXT.tooManyAttempts : (err.serverMessage ?? fallback);
  return fallback;
}

/** Password reset (Cognito's flow): the email gets a code; the code and a new password set it. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [form, setForm] = useState({ code: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));

  async function sendCode(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await api('forgotPassword', { body: { email } });
      setStep('code');
    } catch (err) {
      setError(failure(err, TEXT.resetFailed));
    } finally {
      setBusy(false);
    }
  }

  async function reset(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (form.password !== form.confirmPassword) {
      setError(TEXT.passwordsDiffer);
      return;
    }
    setBusy(true);
    try {
      await api('resetPassword', { body: { email, code: form.code.trim(), password: form.password } });
      navigate('/login', { replace: true, state: { notice: TEXT.passwordResetDone } });
    } catch (err) {
      setError(failure(err, TEXT.resetFailed));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={step === 'email' ? 'Enter your email and we will mail you a code.' : 'Enter the code from the email and choose a new password.'}
      footer={<Link to="/login" className="cg-link">← Back to sign in</Link>}
    >
      {error && <Alert variation="error" role="alert" hasIcon>{error}</Alert>}
      {step === 'email' ? (
        <form onSubmit={sendCode}>
          <Flex direction="column" gap="1rem">
            <TextField label="Email" name="email" type="email" autoComplete="email" isRequired value={email} onChange={(e) => setEmail(e.target.value)} />
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>{busy ? 'Sending...' : 'Send code'}</Button>
          </Flex>
        </form>
      ) : (
        <form onSubmit={reset}>
          <Flex direction="column" gap="1rem">
            <Text role="status">{TEXT.resetCodeSent(email)}</Text>
            <TextField label="Code" name="code" autoComplete="one-time-code" inputMode="numeric" isRequired value={form.code} onChange={set('code')} />
            <PasswordField label="New password" name="password" autoComplete="new-password" isRequired value={form.password} onChange={set('password')} />
            <PasswordField label="Confirm new password" name="confirmPassword" autoComplete="new-password" isRequired value={form.confirmPassword} onChange={set('confirmPassword')} />
            <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>{busy ? 'Resetting...' : 'Reset password'}</Button>
            <Button variation="link" size="small" onClick={() => { setStep('email'); setError(null); }} isDisabled={busy}>Use another email or send a new code</Button>
          </Flex>
        </form>
      )}
    </AuthCard>
  );
}
