import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Placeholder, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { InvitableRole, ROLE_LABELS, TEXT, type CreatedInvitation, type Member, type PendingInvitation, type User } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/time';
import { useCreateInvitation, useInvitations, useRemoveMember, useRevokeInvitation, useUpdateMember, useWorkspace } from '../../lib/workspace';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { QueryError } from '../../components/ui/QueryError';

const INVITABLE = InvitableRole.options;

function MembersList({ user }: { user: User }) {
  const ws = useWorkspace();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const [pending, setPending] = useState<Member | null>(null);
  if (ws.isLoading) return <Placeholder size="large" aria-label="Loading members" />;
  if (ws.isError) return <QueryError error={ws.error} what="the members" onRetry={() => void ws.refetch()} />;
  const members = ws.data?.members ?? [];
  if (members.length === 0) return <Text className="cg-muted cg-small">{TEXT.noMembers}</Text>;
  return (
    <>
      <ul className="cg-list" aria-label="Members">
        {members.map((m) => {
          const fixed = m.role === 'owner' || m.userId === user.id;
          return (
            <li key={m.userId} className="cg-list-row" data-testid="member-row">
              <Flex alignItems="center" gap="0.6rem" wrap="wrap">
                <Text fontWeight="600">{m.email}</Text>
                {m.userId === user.id && <Badge size="small">You</Badge>}
              </Flex>
              {fixed ? (
                <Badge size="small" variation={m.role === 'owner' ? 'info' : undefined}>{ROLE_LABELS[m.role]}</Badge>
              ) : (
                <Flex gap="0.5rem" alignItems="center">
                  <SelectField
                    label={`Role of ${m.email}`}
                    labelHidden
                    size="small"
                    value={m.role}
                    isDisabled={update.isPending}
                    onChange={(e) => update.mutate({ userId: m.userId, role: e.target.value as InvitableRole })}
                  >
                    {INVITABLE.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
                  </SelectField>
                  <Button size="small" colorTheme="error" onClick={() => setPending(m)} aria-label={`Remove ${m.email}`}>Remove</Button>
                </Flex>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={!!pending}
        title="Remove member?"
        message={`${pending?.email ?? ''} loses access to this workspace at once; their sessions in it end.`}
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        destructive
        onConfirm={() => pending && remove.mutate(pending.userId, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

function CopyField({ value }: { value: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }
  return (
    <div className="cg-invite-link">
      <TextField label="Invitation link" value={value} isReadOnly onFocus={(e) => e.target.select()} />
      <Button size="small" onClick={() => void copy()}>Copy link</Button>
      {copied && <Text as="span" role="status" className="cg-small">{copied === 'yes' ? 'Copied.' : 'Copy failed: select the link and copy it.'}</Text>}
    </div>
  );
}

function InviteForm() {
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('moderator');
  const [created, setCreated] = useState<CreatedInvitation | null>(null);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setCreated(null);
    create.mutate({ email: email.trim(), role }, { onSuccess: (inv) => { setCreated(inv); setEmail(''); } });
  }
  return (
    <form onSubmit={onSubmit} aria-label="Invite a member">
      <Heading level={3} className="cg-subtitle">Invite a member</Heading>
      <Flex alignItems="flex-end" gap="0.5rem" wrap="wrap" marginTop="0.5rem">
        <TextField label="Email" name="inviteEmail" type="email" isRequired value={email} onChange={(e) => setEmail(e.target.value)} />
        <SelectField label="Role" name="inviteRole" value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
          {INVITABLE.map((r) => <option key={r} value={r}>{ROLE_LABELS[r]}</option>)}
        </SelectField>
        <Button type="submit" variation="primary" isDisabled={create.isPending || !email.trim()}>
          {create.isPending ? 'Inviting...' : 'Send invitation'}
        </Button>
      </Flex>
      {create.isError && (
        <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(create.error, 'Failed to create the invitation. Please try again.')}</Alert>
      )}
      {created && (
        <Alert variation="success" hasIcon marginTop="0.75rem" data-testid="invitation-created">
          <Text>Invitation for {created.email} as {ROLE_LABELS[created.role]} created. {TEXT.invitationMailed(created.email)}</Text>
          <CopyField value={created.acceptUrl} />
        </Alert>
      )}
    </form>
  );
}

function PendingInvitations() {
  const list = useInvitations();
  const revoke = useRevokeInvitation();
  const [pending, setPending] = useState<PendingInvitation | null>(null);
  let content;
  if (list.isLoading) content = <Placeholder size="large" aria-label="Loading invitations" />;
  else if (list.isError) content = <QueryError error={list.error} what="the invitations" onRetry={() => void list.refetch()} />;
  else if (!list.data?.length) content = <Text className="cg-muted cg-small">{TEXT.noInvitations}</Text>;
  else
    content = (
      <ul className="cg-list" aria-label="Pending invitations">
        {list.data.map((i) => (
          <li key={i.id} className="cg-list-row" data-testid="invitation-row">
            <Flex alignItems="center" gap="0.6rem" wrap="wrap">
              <Text fontWeight="600">{i.email}</Text>
              <Badge size="small">{ROLE_LABELS[i.role]}</Badge>
              <Text as="span" className="cg-muted cg-xsmall">expires {formatDate(i.expiresAt)}</Text>
            </Flex>
            <Button size="small" colorTheme="error" onClick={() => setPending(i)} aria-label={`Revoke the invitation of ${i.email}`}>Revoke</Button>
          </li>
        ))}
      </ul>
    );
  return (
    <div>
      <Heading level={3} className="cg-subtitle" marginBottom="0.5rem">Pending invitations</Heading>
      {content}
      <ConfirmDialog
        open={!!pending}
        title="Revoke invitation?"
        message={`The link sent to ${pending?.email ?? ''} stops working.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        destructive
        onConfirm={() => pending && revoke.mutate(pending.id, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
    </div>
  );
}

/** Settings → Team (owner and admin): members and their roles, invitations. */
export function TeamSection({ user }: { user: User }) {
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="team-title">
      <Heading level={2} id="team-title" className="cg-section-title" marginBottom="1rem">Team</Heading>
      <Flex direction="column" gap="1.25rem">
        <MembersList user={user} />
        <InviteForm />
        <PendingInvitations />
      </Flex>
    </Card>
  );
}
