/**
 * Settings → Alerts (issue 11, item 7): which kinds go to which channel (the bell, email, Slack),
 * who receives the mail (members; none chosen: the owner and admins) and the Slack-compatible
 * incoming-webhook URL. Owners and admins only (the settings hold the Slack URL).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, CheckboxField, Flex, Heading, Placeholder, Text, TextField } from '@aws-amplify/ui-react';
import { ALERT_CHANNELS, ALERT_KIND_LABELS, ALERT_KINDS, ROLE_LABELS, type AlertChannel, type AlertSettings } from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { useAlertSettings, useSaveAlertSettings } from '../../lib/alerts';
import { useCan } from '../../lib/can';
import { toast } from '../../lib/toast';
import { useWorkspace } from '../../lib/workspace';
import { QueryError } from '../../components/ui/QueryError';
import '../layout/alert-bell.css';

const CHANNEL_LABELS: Record<AlertChannel, string> = { inApp: 'Bell', email: 'Email', slack: 'Slack' };

function AlertsForm({ settings }: { settings: AlertSettings }) {
  const [form, setForm] = useState(() => ({ ...settings, slackUrl: settings.slackUrl ?? '' }));
  const workspace = useWorkspace();
  const save = useSaveAlertSettings();
  const members = workspace.data?.members ?? [];

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ routes: form.routes, emailRecipients: form.emailRecipients, slackUrl: form.slackUrl.trim() || null }, {
      onSuccess: () => toast({ description: 'Alert settings saved.' }),
    });
  }
  const toggleRoute = (kind: (typeof ALERT_KINDS)[number], channel: AlertChannel, on: boolean) =>
    setForm((f) => ({ ...f, routes: { ...f.routes, [kind]: { ...f.routes[kind], [channel]: on } } }));
  const toggleRecipient = (userId: string, on: boolean) =>
    setForm((f) => ({ ...f, emailRecipients: on ? [...f.emailRecipients, userId] : f.emailRecipients.filter((id) => id !== userId) }));

  return (
    <form onSubmit={onSubmit} aria-label="Alert settings">
      <div className="cg-table-wrap">
        <table className="cg-table cg-alert-routes">
          <caption className="cg-visually-hidden">Channels per kind of alert</caption>
          <thead>
            <tr><th scope="col">Alert</th>{ALERT_CHANNELS.map((c) => <th key={c} scope="col">{CHANNEL_LABELS[c]}</th>)}</tr>
          </thead>
          <tbody>
            {ALERT_KINDS.map((kind) => (
              <tr key={kind}>
                <th scope="row">{ALERT_KIND_LABELS[kind]}</th>
                {ALERT_CHANNELS.map((c) => (
                  <td key={c}>
                    <CheckboxField name={`${kind}-${c}`} label={`${CHANNEL_LABELS[c]}: ${ALERT_KIND_LABELS[kind]}`} labelHidden
                      checked={form.routes[kind][c]} onChange={(e) => toggleRoute(kind, c, e.target.checked)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="cg-alert-recipients">
        <legend>Alert emails go to</legend>
        <Text className="cg-small cg-muted">None chosen: the owner and admins.</Text>
        {workspace.isError ? (
          <QueryError error={workspace.error} what="the members" onRetry={() => void workspace.refetch()} />
        ) : workspace.isLoading ? (
          <Placeholder />
        ) : (
          members.map((m) => (
            <CheckboxField key={m.userId} name={`recipient-${m.userId}`} label={`${m.email} (${ROLE_LABELS[m.role]})`}
              checked={form.emailRecipients.includes(m.userId)} onChange={(e) => toggleRecipient(m.userId, e.target.checked)} />
          ))
        )}
      </fieldset>
      <TextField label="Slack incoming-webhook URL" type="url" inputMode="url" placeholder="https://hooks.slack.com/services/…" marginTop="1rem"
        descriptiveText="Any Slack-compatible incoming webhook (it receives JSON {text}). Leave empty for none."
        value={form.slackUrl} onChange={(e) => setForm((f) => ({ ...f, slackUrl: e.target.value }))}
        hasError={save.isError && /Slack/.test(errorMessage(save.error, ''))} />
      {save.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(save.error, 'Failed to save the alert settings. Please try again.')}</Alert>}
      <Flex marginTop="0.75rem">
        <Button type="submit" variation="primary" size="small" isDisabled={save.isPending}>{save.isPending ? 'Saving...' : 'Save alerts'}</Button>
      </Flex>
    </form>
  );
}

export function AlertsSection() {
  const canManage = useCan('putAlertSettings');
  const settings = useAlertSettings(canManage);
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="alerts-title">
      <Heading level={2} id="alerts-title" className="cg-section-title">Alerts</Heading>
      <Text className="cg-small cg-muted" marginBottom="1rem">
        Troll-attack incidents, surges of negative comments, comments waiting longer than a brand's response-time target
        (set per brand in Brand voice), the monthly quota at 80% and 100%, and connections that need reconnecting.
        Each condition alerts once (per day, per month for the quota).
      </Text>
      {!canManage ? (
        <Text className="cg-small cg-muted">Only owners and admins can change where alerts go. Everyone sees them in the bell.</Text>
      ) : settings.isLoading ? (
        <Placeholder size="large" />
      ) : settings.isError ? (
        <QueryError error={settings.error} what="the alert settings" onRetry={() => void settings.refetch()} />
      ) : settings.data ? (
        <AlertsForm key={settings.dataUpdatedAt} settings={settings.data} />
      ) : null}
    </Card>
  );
}
