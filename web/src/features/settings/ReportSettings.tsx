import { useState, type ChangeEvent } from 'react';
import { Alert, Button, Flex, Heading, SwitchField, Text } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGO_MAX_BYTES, pathOf, planHasFeature, plansWithFeature, type User } from '@cg/shared';
import { api, errorMessage } from '../../lib/api';
import { useCan } from '../../lib/can';
import { qk } from '../../lib/queryClient';
import { toast, toastError } from '../../lib/toast';
import { useUpdateWorkspace, useWorkspace } from '../../lib/workspace';

/** The file's bytes as base64 (what PUT /api/workspace/logo takes). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Settings → Workspace → Reports: the logo on report files (PNG or JPEG; the server checks what the
 * file is) and the weekly report by mail to owners and admins. On the plan with white-label the files
 * carry only the workspace's name and logo.
 */
export function ReportSettings({ user }: { user: User }) {
  const client = useQueryClient();
  const workspace = useWorkspace();
  const canManage = useCan('putWorkspaceLogo');
  const weekly = useUpdateWorkspace();
  const [error, setError] = useState<string | null>(null);
  const saved = (ws: Awaited<ReturnType<typeof api<'putWorkspaceLogo'>>>) => {
    client.setQueryData(qk.workspace, ws);
    return client.invalidateQueries({ queryKey: qk.auditLog });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => api('putWorkspaceLogo', { body: { data: await base64Of(file) } }),
    onSuccess: async (ws) => { setError(null); await saved(ws); toast({ description: 'The logo is on your reports now.' }); },
    onError: (err) => setError(errorMessage(err, 'Failed to upload the logo. Please try again.')),
  });
  const remove = useMutation({
    mutationFn: () => api('deleteWorkspaceLogo'),
    onSuccess: async (ws) => { setError(null); await saved(ws); toast({ description: 'The logo was removed from your reports.' }); },
    onError: (err) => toastError(errorMessage(err, 'Failed to remove the logo. Please try again.'), 'Error'),
  });
  function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setError(`The logo may be at most ${LOGO_MAX_BYTES / 1024} KB; this one is ${Math.ceil(file.size / 1024)} KB.`);
    upload.mutate(file);
  }
  const ws = workspace.data;
  const logo = ws?.logo ?? null;
  const whiteLabel = planHasFeature(user.subscriptionPlan, 'whiteLabel');
  return (
    <div className="cg-report-settings" data-testid="report-settings">
      <Heading level={3} className="cg-subtitle" marginTop="1rem">Reports</Heading>
      <Text className="cg-small cg-muted">
        {whiteLabel
          ? 'Your PDF and Excel reports carry only your workspace name and logo (white-label).'
          : `Your logo heads your PDF and Excel reports beside ours; white-label reports (only your name and logo) are included in the ${plansWithFeature('whiteLabel')} plan.`}
      </Text>
      <Flex alignItems="center" gap="0.75rem" marginTop="0.5rem" wrap="wrap">
        {logo
          ? <img className="cg-logo-preview" src={`${pathOf('getWorkspaceLogo')}?v=${encodeURIComponent(logo.updatedAt)}`} alt={`${ws?.name ?? 'Workspace'} logo`} height={48} />
          : <Text className="cg-small" data-testid="no-logo">No logo yet.</Text>}
        {canManage && (
          <>
            <label className="cg-small" htmlFor="workspace-logo">{upload.isPending ? 'Uploading...' : logo ? 'Replace logo' : 'Upload logo'}</label>
            <input id="workspace-logo" type="file" accept="image/png,image/jpeg" onChange={onFile} disabled={upload.isPending} />
            {logo && <Button size="small" onClick={() => remove.mutate()} isDisabled={remove.isPending}>{remove.isPending ? 'Removing...' : 'Remove logo'}</Button>}
          </>
        )}
      </Flex>
      <Text className="cg-small cg-muted">PNG or JPEG, at most {LOGO_MAX_BYTES / 1024} KB.</Text>
      {error && <Alert variation="error" hasIcon role="alert" marginTop="0.5rem">{error}</Alert>}
      <SwitchField
        label="Mail the weekly report to owners and admins"
        labelPosition="end"
        marginTop="0.75rem"
        isChecked={ws?.weeklyReport ?? true}
        isDisabled={!canManage || !ws || weekly.isPending}
        onChange={(e) => weekly.mutate({ weeklyReport: e.target.checked }, {
          onSuccess: (w) => toast({ description: w.weeklyReport ? 'Owners and admins get the last 7 days by mail every week.' : 'No more weekly report mails.' }),
          onError: (err) => toastError(errorMessage(err, 'Failed to change the setting. Please try again.'), 'Error'),
        })}
      />
    </div>
  );
}
