import { SelectField, Text } from '@aws-amplify/ui-react';
import { ROLE_LABELS } from '@cg/shared';
import { useAuth } from '../../lib/auth';
import { useSwitchWorkspace, useWorkspaces } from '../../lib/workspace';

/** The header's workspace switcher: the user's workspaces with their role; choosing one makes it active. */
export function WorkspaceSwitcher() {
  const { user } = useAuth();
  const list = useWorkspaces(!!user);
  const change = useSwitchWorkspace();
  const activeId = list.data?.find((w) => w.active)?.id ?? user?.workspaceId ?? '';

  if (list.isError) {
    // The list failed: still say where the user is working, and that switching is unavailable.
    return (
      <Text as="span" className="cg-small cg-workspace-name" title="Could not load your workspaces">
        {user?.workspaceName || 'Workspace'} {user && `· ${ROLE_LABELS[user.role]}`}
      </Text>
    );
  }
  return (
    <SelectField
      label="Workspace"
      labelHidden
      size="small"
      className="cg-workspace-switcher"
      value={activeId}
      isDisabled={list.isLoading || change.isPending}
      onChange={(e) => {
        if (e.target.value && e.target.value !== activeId) change.mutate(e.target.value);
      }}
    >
      {list.isLoading || !list.data ? (
        <option value={activeId}>{user ? `${user.workspaceName || 'Workspace'} · ${ROLE_LABELS[user.role]}` : 'Loading...'}</option>
      ) : (
        list.data.map((w) => (
          <option key={w.id} value={w.id}>{`${w.name} · ${ROLE_LABELS[w.role]}`}</option>
        ))
      )}
    </SelectField>
  );
}
