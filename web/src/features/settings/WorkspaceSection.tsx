import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, SwitchField, Text, TextField } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROLE_LABELS, type User } from '@cg/shared';
import { api, errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { refetchEverything } from '../../lib/queryClient';
import { toast, toastError } from '../../lib/toast';
import { useUpdateWorkspace } from '../../lib/workspace';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ReportSettings } from './ReportSettings';

/** Settings → Workspace: its name and the user's role; admins rename it and set its reports (logo, weekly mail), the owner may delete it. */
export function WorkspaceSection({ user }: { user: User }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const canRename = useCan('updateWorkspace');
  const canDelete = useCan('deleteWorkspace');
  const rename = useUpdateWorkspace();
  const automatic = useUpdateWorkspace();
  const [name, setName] = useState(user.workspaceName);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const del = useMutation({
    mutationFn: () => api('deleteWorkspace'),
    onSuccess: async () => {
      setConfirmDelete(false);
      toast({ description: `${user.workspaceName} was deleted.` });
      await refetchEverything(client);
      navigate('/dashboard', { replace: true });
    },
    onError: (err) => {
      setConfirmDelete(false);
      toastError(errorMessage(err, 'Failed to delete the workspace. Please try again.'), 'Error');
    },
  });
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    rename.mutate({ name: name.trim() }, { onSuccess: () => setEditing(false) });
  }
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="workspace-title">
      <Flex justifyContent="space-between" alignItems="center" marginBottom="1rem" wrap="wrap" gap="0.5rem">
        <Heading level={2} id="workspace-title" className="cg-section-title">Workspace</Heading>
        {canRename && !editing && <Button size="small" onClick={() => { setName(user.workspaceName); setEditing(true); }}>Rename</Button>}
      </Flex>
      {editing ? (
        <form onSubmit={onSubmit}>
          <Flex alignItems="flex-end" gap="0.5rem" wrap="wrap">
            <TextField label="Workspace name" isRequired value={name} onChange={(e) => setName(e.target.value)} />
            <Button type="submit" variation="primary" isDisabled={rename.isPending || !name.trim()}>{rename.isPending ? 'Saving...' : 'Save'}</Button>
            <Button onClick={() => setEditing(false)} isDisabled={rename.isPending}>Cancel</Button>
          </Flex>
          {rename.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(rename.error, 'Failed to rename the workspace. Please try again.')}</Alert>}
        </form>
      ) : (
        <dl className="cg-kv">
          <dt>Name</dt>
          <dd>{user.workspaceName || '—'}</dd>
          <dt>Your role</dt>
          <dd><Badge size="small">{ROLE_LABELS[user.role]}</Badge></dd>
        </dl>
      )}
      <SwitchField
        label="Analyse new comments automatically"
        labelPosition="end"
        marginTop="0.75rem"
        isChecked={user.autoAnalyze}
        isDisabled={!canRename || automatic.isPending}
        onChange={(e) => automatic.mutate({ autoAnalyze: e.target.checked }, {
          onSuccess: (ws) => toast({ description: ws.autoAnalyze ? 'New comments are analysed as they arrive.' : 'New comments wait in the queue until you process them.' }),
          onError: (err) => toastError(errorMessage(err, 'Failed to change the setting. Please try again.'), 'Error'),
        })}
      />
      <Text className="cg-small cg-muted">Off: comments stay pending until someone runs Process All Comments or processes them one by one.</Text>
      <ReportSettings user={user} />
      {canDelete && (
        <div className="cg-danger">
          <Heading level={3} className="cg-subtitle">Delete this workspace</Heading>
          <Text className="cg-small cg-muted">Deletes its connected accounts, comments, settings and team, and cancels its subscription at once.</Text>
          <Flex marginTop="0.75rem">
            <Button size="small" colorTheme="error" onClick={() => setConfirmDelete(true)}>Delete workspace</Button>
          </Flex>
        </div>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete workspace?"
        message={`This permanently deletes ${user.workspaceName}, its connected accounts, all its moderation data and its team's access, and cancels its subscription. This cannot be undone.`}
        confirmLabel="Delete workspace"
        busyLabel="Deleting..."
        busy={del.isPending}
        destructive
        onConfirm={() => del.mutate()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Card>
  );
}
