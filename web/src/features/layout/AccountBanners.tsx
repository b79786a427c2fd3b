import { useState, type FormEvent } from 'react';
import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TEXT, type User } from '@cg/shared';
import { api, errorMessage } from '../../lib/api';
import { can } from '../../lib/can';
import { qk } from '../../lib/queryClient';
import { toast } from '../../lib/toast';
import { useLive } from '../../lib/ws';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left until `endsAt` (rounded up; 0 once it has passed). */
export function trialDaysLeft(endsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / DAY_MS));
}

/** While the address is unverified: asks for the mailed code, and can mail a new one. */
export function VerifyEmailBanner({ user }: { user: User }) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const verify = useMutation({
    mutationFn: (c: string) => api('verifyEmail', { body: { code: c } }),
    onSuccess: (u) => {
      toast({ description: TEXT.emailVerified });
      if (u && typeof u === 'object' && 'id' in u) client.setQueryData(qk.user, u);
      else void client.invalidateQueries({ queryKey: qk.user });
    },
    onError: (err) => setMessage({ kind: 'error', text: errorMessage(err, 'That code did not work. Check it or ask for a new one.') }),
  });
  const resend = useMutation({
    mutationFn: () => api('resendVerification'),
    onSuccess: () => setMessage({ kind: 'info', text: TEXT.verificationResent }),
    onError: (err) => setMessage({ kind: 'error', text: errorMessage(err, 'Failed to send a new code. Please try again.') }),
  });
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    verify.mutate(code.trim());
  }
  return (
    <section className="cg-notice cg-verify" aria-label="Verify your email address">
      <Text as="p" margin="0 0 0.5rem">{TEXT.verifyEmailAsk(user.email)}</Text>
      <form onSubmit={onSubmit}>
        <Flex alignItems="flex-end" gap="0.5rem" wrap="wrap">
          <TextField label="Verification code" size="small" autoComplete="one-time-code" inputMode="numeric" isRequired value={code} onChange={(e) => setCode(e.target.value)} />
          <Button type="submit" size="small" variation="primary" isDisabled={verify.isPending || !code.trim()}>
            {verify.isPending ? 'Verifying...' : 'Verify'}
          </Button>
          <Button size="small" onClick={() => { setMessage(null); resend.mutate(); }} isDisabled={resend.isPending}>
            {resend.isPending ? 'Sending...' : 'Resend code'}
          </Button>
        </Flex>
      </form>
      {message && (
        <Text as="p" margin="0.5rem 0 0" role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'cg-error-text' : undefined}>
          {message.text}
        </Text>
      )}
    </section>
  );
}

/** The free trial: days left, or (once over) that analysis is paused until a plan is chosen. */
export function TrialBanner({ user }: { user: User }) {
  if (!user.trialEndsAt) return null;
  const days = trialDaysLeft(user.trialEndsAt);
  const owner = can(user, 'updateSubscription');
  const action = owner ? <Link to="/subscribe">Choose a plan</Link> : <span> Ask the workspace owner to choose a plan.</span>;
  return days > 0 ? (
    <div className="cg-notice cg-trial" role="status" data-testid="trial-banner">
      <strong>{TEXT.trialDaysLeft(days)}</strong> {action}
    </div>
  ) : (
    <div className="cg-notice cg-trial" role="alert" data-testid="trial-banner">
      <strong>{TEXT.trialEnded}</strong> {action}
    </div>
  );
}

const dismissedKey = (user: User) => `cg-dismissed-notice:${user.workspaceId || user.id}`;

/**
 * The account notice (payment failed, quota reached, brands not connected). Dismissable: a dismissed
 * notice stays away until the server says something else.
 */
export function AccountNotice({ user }: { user: User }) {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(dismissedKey(user));
    } catch {
      return null;
    }
  });
  if (!user.notice || dismissed === user.notice) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey(user), user.notice!);
    } catch {
      /* storage unavailable: dismissed for this page only */
    }
    setDismissed(user.notice);
  };
  return (
    <div className="cg-notice cg-notice-row" role="status" data-testid="account-notice">
      <span><strong>Attention:</strong> {user.notice} <Link to="/settings">Manage your plan</Link></span>
      <button type="button" className="cg-notice-close" onClick={dismiss} aria-label="Dismiss notice">×</button>
    </div>
  );
}

/** While the socket is down: say that what is shown may be out of date. */
export function LivePausedBanner() {
  const { paused } = useLive();
  if (!paused) return null;
  return <div className="cg-notice cg-live-paused" role="status" data-testid="live-paused">{TEXT.livePaused}</div>;
}
