import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Flex, Grid, Heading, Placeholder, Text, TextField } from '@aws-amplify/ui-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { displayName, planById, TEXT, upgradesFrom, type PlanId, type SocialAccount, type User } from '@cg/shared';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { qk } from '../../lib/queryClient';
import { toast, toastError } from '../../lib/toast';
import { formatDate } from '../../lib/time';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { QueryError } from '../../components/ui/QueryError';
import { useCan } from '../../lib/can';
import { AuditLogSection } from './AuditLogSection';
import { BrandVoiceSection } from './BrandVoiceSection';
import { AutopilotSection } from './AutopilotSection';
import { AlertsSection } from './AlertsSection';
import { ScheduleSection } from './ScheduleSection';
import { TeamSection } from './TeamSection';
import { WorkspaceSection } from './WorkspaceSection';
import { ExportButton } from '../jobs/ExportButton';

function useConnectionResult() {
  const [params, setParams] = useSearchParams();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const success = params.get('success');
    const error = params.get('error');
    if (!success && !error) return;
    const key = `${success}|${error}`;
    if (handled.current === key) return;
    handled.current = key;
    // The person pressed Cancel on Meta's consent page: nothing failed (issue 12).
    if (error === 'cancelled') toast({ title: TEXT.connectionCancelledTitle, description: TEXT.connectionCancelled });
    else if (error) toastError(TEXT.connectionFailed[error] ?? TEXT.connectionFailed.default!, TEXT.connectionFailedTitle);
    else toast({ title: TEXT.connectedTitle, description: TEXT.connected });
    setParams({}, { replace: true });
  }, [params, setParams]);
}

function ProfileSection({ user }: { user: User }) {
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const save = useMutation({
    mutationFn: (body: typeof form) => api('updateUser', { body }),
    onSuccess: async () => {
      toast({ title: TEXT.profileUpdatedTitle, description: TEXT.profileUpdated });
      setEditing(false);
      await client.invalidateQueries({ queryKey: qk.user });
    },
    onError: () => toastError(TEXT.profileFailed, 'Error'),
  });
  const reset = () => setForm({ firstName: user.firstName, lastName: user.lastName, email: user.email });
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate(form);
  }

  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="profile-title">
      <Flex justifyContent="space-between" alignItems="center" marginBottom="1rem" wrap="wrap" gap="0.5rem">
        <Heading level={2} id="profile-title" className="cg-section-title">Profile Information</Heading>
        {!editing && (
          <Button size="small" onClick={() => { reset(); setEditing(true); }}>Edit Profile</Button>
        )}
      </Flex>
      {editing ? (
        <form onSubmit={onSubmit}>
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="1rem">
            <TextField label="First Name" name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} />
            <TextField label="Last Name" name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} />
            <TextField label="Email" name="email" type="email" autoComplete="email" isRequired value={form.email} onChange={set('email')} columnSpan={{ base: 1, medium: 2 }} />
          </Grid>
          <Flex gap="0.5rem" marginTop="1rem">
            <Button type="submit" variation="primary" isDisabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save Changes'}</Button>
            <Button onClick={() => { reset(); setEditing(false); }} isDisabled={save.isPending}>Cancel</Button>
          </Flex>
        </form>
      ) : (
        <dl className="cg-kv">
          <dt>First Name</dt>
          <dd>{user.firstName || '—'}</dd>
          <dt>Last Name</dt>
          <dd>{user.lastName || '—'}</dd>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </dl>
      )}
    </Card>
  );
}

function SubscriptionSection({ user }: { user: User }) {
  const client = useQueryClient();
  const plan = planById(user.subscriptionPlan);
  const isOwner = useCan('updateSubscription');
  const upgrades = isOwner ? upgradesFrom(user.subscriptionPlan) : [];
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [upgradeTo, setUpgradeTo] = useState<PlanId | null>(null);
  const target = upgradeTo ? planById(upgradeTo) : null;
  const upgrade = useMutation({
    mutationFn: (p: PlanId) => api('updateSubscription', { body: { plan: p } }),
    onSettled: () => setUpgradeTo(null),
    onSuccess: async () => {
      toast({ title: TEXT.subscriptionUpdatedTitle, description: TEXT.subscriptionUpdated });
      await client.invalidateQueries({ queryKey: qk.user });
    },
    onError: () => toastError(TEXT.subscriptionUpdateFailed, 'Error'),
  });
  const cancel = useMutation({
    mutationFn: () => api('cancelSubscription'),
    onSuccess: async () => {
      setConfirmCancel(false);
      toast({ title: 'Subscription cancelled', description: 'Your plan stays active until the end of the billing period.' });
      await client.invalidateQueries({ queryKey: qk.user });
    },
    onError: () => {
      setConfirmCancel(false);
      toastError('Failed to cancel subscription. Please try again.', 'Error');
    },
  });
  const canCancel = isOwner && !user.cancelAt && (user.subscriptionStatus === 'active' || user.subscriptionStatus === 'past_due');

  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="plan-title">
      <Heading level={2} id="plan-title" className="cg-section-title" marginBottom="1rem">Subscription Plan</Heading>
      <div className="cg-plan-current">
        <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="0.75rem">
          <div>
            <Flex alignItems="center" gap="0.5rem">
              <Text fontSize="1.15rem" fontWeight="700">{plan.name}</Text>
              <Badge size="small" variation="success">Current plan</Badge>
            </Flex>
            <Text className="cg-muted cg-small">{plan.description}</Text>
          </div>
          <Text fontSize="1.4rem" fontWeight="700">${plan.price.toFixed(2)}<span className="cg-muted cg-small"> / month</span></Text>
        </Flex>
        <ul className="cg-features">
          {plan.features.map((f) => <li key={f}>{f}</li>)}
          <li>{plan.monthlyAnalysisQuota ? `${plan.monthlyAnalysisQuota.toLocaleString()} comments analysed per month` : 'Unlimited comment analysis'}</li>
        </ul>
        {user.cancelAt && (
          <Alert variation="warning" hasIcon marginTop="0.75rem">
            Your subscription is cancelled and stays active until {formatDate(user.cancelAt)}.
          </Alert>
        )}
      </div>
      {!isOwner && <Text className="cg-small cg-muted" marginTop="0.75rem">{TEXT.ownerOnly}</Text>}
      {upgrades.length > 0 && (
        <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="0.75rem" marginTop="1rem">
          {upgrades.map((p) => (
            <div key={p.id} className="cg-plan-option">
              <Flex justifyContent="space-between" alignItems="center">
                <Text fontWeight="700">{p.name}</Text>
                <Text fontWeight="600">${p.price.toFixed(2)}/mo</Text>
              </Flex>
              <Text className="cg-small cg-muted">{p.features.slice(0, 3).join(' · ')}</Text>
              <Button size="small" variation="primary" onClick={() => setUpgradeTo(p.id)} isDisabled={upgrade.isPending}>
                {upgrade.isPending && upgrade.variables === p.id ? 'Upgrading...' : `Upgrade to ${p.name}`}
              </Button>
            </div>
          ))}
        </Grid>
      )}
      {canCancel && (
        <Flex marginTop="1rem">
          <Button size="small" variation="link" colorTheme="error" onClick={() => setConfirmCancel(true)}>Cancel Subscription</Button>
        </Flex>
      )}
      <ConfirmDialog
        open={!!target}
        title={target ? `Upgrade to ${target.name}?` : ''}
        message={target ? TEXT.upgradeConfirm(plan.name, target.name, `$${target.price.toFixed(2)}`) : ''}
        confirmLabel={target ? `Upgrade for $${target.price.toFixed(2)}/month` : 'Upgrade'}
        busyLabel="Upgrading..."
        busy={upgrade.isPending}
        onConfirm={() => target && upgrade.mutate(target.id)}
        onCancel={() => setUpgradeTo(null)}
      />
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel subscription?"
        message="Your plan stays active until the end of the current billing period. Payments are not refunded."
        confirmLabel="Cancel Subscription"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
        destructive
        onConfirm={() => cancel.mutate()}
        onCancel={() => setConfirmCancel(false)}
      />
    </Card>
  );
}

function AccountsSection() {
  const client = useQueryClient();
  const accounts = useQuery({ queryKey: qk.socialAccounts, queryFn: () => api('socialAccounts') });
  const [pending, setPending] = useState<SocialAccount | null>(null);
  const canManage = useCan('deleteSocialAccount');
  useEffect(() => {
    if (accounts.isError) toastError(TEXT.socialAccountsFailed);
  }, [accounts.isError]);
  const disconnect = useMutation({
    mutationFn: (id: string) => api('deleteSocialAccount', { params: { id } }),
    onSuccess: async () => {
      setPending(null);
      toast({ title: TEXT.disconnectedTitle, description: TEXT.disconnected });
      await client.invalidateQueries({ queryKey: qk.socialAccounts });
    },
    onError: () => {
      setPending(null);
      toastError(TEXT.disconnectFailed, 'Error');
    },
  });
  const connect = () => window.location.assign('/api/auth/facebook');
  const list = accounts.data ?? [];

  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="accounts-title">
      <Flex justifyContent="space-between" alignItems="center" marginBottom="1rem" wrap="wrap" gap="0.5rem">
        <div>
          <Heading level={2} id="accounts-title" className="cg-section-title">Connected Accounts</Heading>
          <Text className="cg-small cg-muted">Connecting signs in with Facebook and links your pages and their Instagram accounts together.</Text>
        </div>
        {canManage && <Button size="small" variation="primary" onClick={connect}>Connect Facebook &amp; Instagram</Button>}
      </Flex>
      {accounts.isLoading ? (
        <Placeholder size="large" />
      ) : accounts.isError ? (
        <QueryError error={accounts.error} what="the connected accounts" onRetry={() => void accounts.refetch()} />
      ) : list.length === 0 ? (
        <Text className="cg-muted cg-small">No accounts connected yet.</Text>
      ) : (
        <ul className="cg-list">
          {list.map((a) => (
            <li key={a.id} className="cg-list-row">
              <Flex alignItems="center" gap="0.6rem" wrap="wrap">
                <Badge size="small">{a.platform === 'facebook' ? 'Facebook' : 'Instagram'}</Badge>
                <Text fontWeight="600">{a.accountName}</Text>
                {a.needsReconnect ? (
                  <Badge size="small" variation="warning">Needs reconnect</Badge>
                ) : (
                  <Badge size="small" variation={a.isActive ? 'success' : undefined}>{a.isActive ? 'Active' : 'Inactive'}</Badge>
                )}
              </Flex>
              {canManage && (
                <Flex gap="0.5rem">
                  {a.needsReconnect && <Button size="small" onClick={connect}>Reconnect</Button>}
                  <Button size="small" colorTheme="error" onClick={() => setPending(a)} aria-label={`Disconnect ${a.accountName}`}>Disconnect</Button>
                </Flex>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!pending}
        title="Disconnect account"
        message={TEXT.disconnectConfirm(pending?.accountName ?? '')}
        confirmLabel="Disconnect"
        busyLabel="Disconnecting..."
        busy={disconnect.isPending}
        destructive
        onConfirm={() => pending && disconnect.mutate(pending.id)}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}

function AccountInfoSection({ user }: { user: User }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const canExport = useCan('exportUser');
  const del = useMutation({
    mutationFn: () => api('deleteUser'),
    onSuccess: () => {
      client.clear();
      navigate('/login', { replace: true });
    },
    onError: () => {
      setConfirmDelete(false);
      toastError('Failed to delete account. Please try again.', 'Error');
    },
  });
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="info-title">
      <Heading level={2} id="info-title" className="cg-section-title" marginBottom="1rem">Account Information</Heading>
      <dl className="cg-kv">
        <dt>Account ID</dt>
        <dd>{user.id}</dd>
        <dt>Member Since</dt>
        <dd>{formatDate(user.createdAt)}</dd>
      </dl>
      <div className="cg-danger">
        <Heading level={3} className="cg-subtitle">Your data</Heading>
        <Text className="cg-small cg-muted">Download everything we store about you, or delete your account and all its data permanently.</Text>
        <Flex gap="0.5rem" marginTop="0.75rem" wrap="wrap">
          {canExport && <ExportButton />}
          <Button size="small" colorTheme="error" onClick={() => setConfirmDelete(true)}>Delete account</Button>
        </Flex>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete account?"
        message={`This permanently deletes the account of ${displayName(user)}, its connected accounts and all moderation data. This cannot be undone.`}
        confirmLabel="Delete account"
        busyLabel="Deleting..."
        busy={del.isPending}
        destructive
        onConfirm={() => del.mutate()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Card>
  );
}

export default function SettingsPage() {
  const { user } = useAuth();
  const canManageTeam = useCan('listInvitations');
  const canReadAudit = useCan('auditLog');
  useConnectionResult();
  if (!user) return null;
  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">Settings</Heading>
      </div>
      <div className="cg-settings">
        <ProfileSection key={`${user.firstName}|${user.lastName}|${user.email}`} user={user} />
        <WorkspaceSection key={user.workspaceId} user={user} />
        {canManageTeam && <TeamSection user={user} />}
        {canReadAudit && <AuditLogSection />}
        <SubscriptionSection user={user} />
        <AccountsSection />
        <BrandVoiceSection />
        <AutopilotSection />
        <ScheduleSection />
        <AlertsSection />
        <AccountInfoSection user={user} />
      </div>
    </>
  );
}
