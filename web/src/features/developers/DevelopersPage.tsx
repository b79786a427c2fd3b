/**
 * API (issue 11, item 9): the workspace's API keys and outgoing webhook endpoints (owners and admins,
 * on the plan with API access), and the API reference generated from the OpenAPI document.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, CheckboxField, Flex, Heading, Placeholder, Text, TextField } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import {
  API_KEY_PREFIX, API_KEY_SCOPES, featureRefusal, planHasFeature, WEBHOOK_EVENTS, WEBHOOK_MAX_CONSECUTIVE_FAILURES, WEBHOOK_SIGNATURE_HEADER,
  type ApiKey, type ApiKeyScope, type WebhookEndpoint, type WebhookEventType,
} from '@cg/shared';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useCan } from '../../lib/can';
import { formatDate } from '../../lib/time';
import { useApiKeys, useCreateApiKey, useCreateWebhook, useDeleteWebhook, useDeliveries, useRevokeApiKey, useWebhooks } from '../../lib/public-api';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { QueryError } from '../../components/ui/QueryError';
import { ApiReference } from './ApiReference';

const SCOPE_HELP: Record<ApiKeyScope, string> = {
  read: 'Read: list comments, stats, analytics and accounts.',
  moderate: 'Moderate: read, and act on comments (reply, hide, delete, dismiss...).',
};

/** A secret shown once, with a copy button. */
function ShownOnce({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  async function copy() {
    try { await navigator.clipboard.writeText(value); setCopied('yes'); } catch { setCopied('no'); }
  }
  return (
    <Alert variation="success" hasIcon marginTop="0.75rem" data-testid="shown-once">
      <Text>Copy it now: it is shown only once and is stored only as a hash.</Text>
      <Flex alignItems="flex-end" gap="0.5rem" wrap="wrap" marginTop="0.5rem">
        <TextField label={label} value={value} isReadOnly onFocus={(e) => e.target.select()} width="32rem" />
        <Button size="small" onClick={() => void copy()}>Copy</Button>
        {copied && <Text as="span" role="status" className="cg-small">{copied === 'yes' ? 'Copied.' : 'Copy failed: select it and copy it.'}</Text>}
      </Flex>
    </Alert>
  );
}

function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [pending, setPending] = useState<ApiKey | null>(null);
  const created = create.data;
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name: name.trim(), scopes: [scope] }, { onSuccess: () => setName('') });
  }
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="api-keys-title">
      <Heading level={2} id="api-keys-title" className="cg-section-title">API keys</Heading>
      <Text className="cg-muted cg-small">
        Send a key as <code>Authorization: Bearer {API_KEY_PREFIX}…</code>. A key acts in the name of the member who created it, within its scope; it never manages the workspace.
      </Text>
      {keys.isLoading ? <Placeholder size="large" aria-label="Loading API keys" /> : keys.isError ? <QueryError error={keys.error} what="the API keys" onRetry={() => void keys.refetch()} /> : !keys.data?.length ? (
        <Text className="cg-muted cg-small" marginTop="0.75rem">No API keys yet.</Text>
      ) : (
        <ul className="cg-list" aria-label="API keys" style={{ marginTop: '0.75rem' }}>
          {keys.data.map((k) => (
            <li key={k.id} className="cg-list-row" data-testid="api-key-row">
              <Flex alignItems="center" gap="0.6rem" wrap="wrap">
                <Text fontWeight="600">{k.name}</Text>
                <code>{k.prefix}…</code>
                {k.scopes.map((s) => <Badge key={s} size="small">{s}</Badge>)}
                <Text as="span" className="cg-muted cg-small">created {formatDate(k.createdAt)} · {k.lastUsedAt ? `last used ${formatDate(k.lastUsedAt)}` : 'never used'}</Text>
              </Flex>
              <Button size="small" colorTheme="error" onClick={() => setPending(k)} aria-label={`Revoke the key ${k.name}`}>Revoke</Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} aria-label="Create an API key" style={{ marginTop: '1rem' }}>
        <Flex alignItems="flex-end" gap="0.5rem" wrap="wrap">
          <TextField label="Key name" name="apiKeyName" isRequired value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. CRM sync" />
          <fieldset className="cg-fieldset">
            <legend className="cg-small">Scope</legend>
            {API_KEY_SCOPES.map((s) => (
              <label key={s} className="cg-small" style={{ marginRight: '0.75rem' }}>
                <input type="radio" name="apiKeyScope" value={s} checked={scope === s} onChange={() => setScope(s)} /> {s}
              </label>
            ))}
          </fieldset>
          <Button type="submit" variation="primary" isDisabled={create.isPending || !name.trim()}>{create.isPending ? 'Creating...' : 'Create key'}</Button>
        </Flex>
        <Text className="cg-muted cg-small">{SCOPE_HELP[scope]}</Text>
      </form>
      {create.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(create.error, 'Failed to create the key. Please try again.')}</Alert>}
      {created && <ShownOnce label={`API key ${created.name}`} value={created.key} />}
      <ConfirmDialog
        open={!!pending}
        title="Revoke API key?"
        message={`Requests with ${pending?.name ?? ''} (${pending?.prefix ?? ''}…) are refused at once.`}
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        destructive
        onConfirm={() => pending && revoke.mutate(pending.id, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const log = useDeliveries(endpoint.id, true);
  if (log.isLoading) return <Placeholder aria-label="Loading deliveries" />;
  if (log.isError) return <QueryError error={log.error} what="the deliveries" onRetry={() => void log.refetch()} />;
  if (!log.data?.length) return <Text className="cg-muted cg-small">No deliveries yet.</Text>;
  return (
    <table className="cg-table" aria-label={`Deliveries to ${endpoint.url}`}>
      <thead><tr><th>When</th><th>Event</th><th>Attempt</th><th>Result</th><th>Next attempt</th></tr></thead>
      <tbody>
        {log.data.map((d) => (
          <tr key={`${d.id}-${d.attempt}`}>
            <td>{formatDate(d.at)}</td>
            <td>{d.event}</td>
            <td>{d.attempt}</td>
            <td>{d.ok ? `OK (${d.status})` : d.error}</td>
            <td>{d.nextAttemptAt ? formatDate(d.nextAttemptAt) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WebhooksSection() {
  const hooks = useWebhooks();
  const create = useCreateWebhook();
  const remove = useDeleteWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['comment.received']);
  const [open, setOpen] = useState<string | null>(null);
  const [pending, setPending] = useState<WebhookEndpoint | null>(null);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ url: url.trim(), events }, { onSuccess: () => setUrl('') });
  }
  const toggle = (ev: WebhookEventType) => setEvents((cur) => (cur.includes(ev) ? cur.filter((x) => x !== ev) : [...cur, ev]));
  return (
    <Card variation="outlined" className="cg-card" as="section" aria-labelledby="webhooks-title">
      <Heading level={2} id="webhooks-title" className="cg-section-title">Outgoing webhooks</Heading>
      <Text className="cg-muted cg-small">
        Each delivery is a POST signed in the <code>{WEBHOOK_SIGNATURE_HEADER}</code> header as <code>t=&lt;unix time&gt;,v1=&lt;hex HMAC-SHA256 of "t.body"&gt;</code> with the endpoint's secret.
        Failed deliveries are retried with growing delays; after {WEBHOOK_MAX_CONSECUTIVE_FAILURES} failures in a row the endpoint is disabled.
      </Text>
      {hooks.isLoading ? <Placeholder size="large" aria-label="Loading webhooks" /> : hooks.isError ? <QueryError error={hooks.error} what="the webhooks" onRetry={() => void hooks.refetch()} /> : !hooks.data?.length ? (
        <Text className="cg-muted cg-small" marginTop="0.75rem">No endpoints yet.</Text>
      ) : (
        <ul className="cg-list" aria-label="Webhook endpoints" style={{ marginTop: '0.75rem' }}>
          {hooks.data.map((w) => (
            <li key={w.id} data-testid="webhook-row" style={{ listStyle: 'none' }}>
              <div className="cg-list-row">
                <Flex alignItems="center" gap="0.6rem" wrap="wrap">
                  <Text fontWeight="600" style={{ wordBreak: 'break-all' }}>{w.url}</Text>
                  <Badge size="small" variation={w.status === 'enabled' ? 'success' : 'error'}>{w.status}</Badge>
                  {w.events.map((ev) => <Badge key={ev} size="small">{ev}</Badge>)}
                </Flex>
                <Flex gap="0.5rem">
                  <Button size="small" onClick={() => setOpen(open === w.id ? null : w.id)} aria-expanded={open === w.id}>Deliveries</Button>
                  <Button size="small" colorTheme="error" onClick={() => setPending(w)} aria-label={`Delete the endpoint ${w.url}`}>Delete</Button>
                </Flex>
              </div>
              {w.disabledReason && <Alert variation="warning" hasIcon marginTop="0.5rem">{w.disabledReason}</Alert>}
              {open === w.id && <div style={{ marginTop: '0.5rem' }}><Deliveries endpoint={w} /></div>}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} aria-label="Add a webhook endpoint" style={{ marginTop: '1rem' }}>
        <Flex direction="column" gap="0.5rem">
          <TextField label="Endpoint URL" name="webhookUrl" type="url" isRequired value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/hooks/pagewarden" />
          <Flex gap="1rem" wrap="wrap" role="group" aria-label="Events">
            {WEBHOOK_EVENTS.map((ev) => <CheckboxField key={ev} label={ev} name="webhookEvents" value={ev} checked={events.includes(ev)} onChange={() => toggle(ev)} />)}
          </Flex>
          <div><Button type="submit" variation="primary" isDisabled={create.isPending || !url.trim() || !events.length}>{create.isPending ? 'Adding...' : 'Add endpoint'}</Button></div>
        </Flex>
      </form>
      {create.isError && <Alert variation="error" hasIcon role="alert" marginTop="0.75rem">{errorMessage(create.error, 'Failed to add the endpoint. Please try again.')}</Alert>}
      {create.data && <ShownOnce label={`Signing secret of ${create.data.url}`} value={create.data.secret} />}
      <ConfirmDialog
        open={!!pending}
        title="Delete endpoint?"
        message={`${pending?.url ?? ''} receives nothing more.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        destructive
        onConfirm={() => pending && remove.mutate(pending.id, { onSettled: () => setPending(null) })}
        onCancel={() => setPending(null)}
      />
    </Card>
  );
}

export default function DevelopersPage() {
  const { user } = useAuth();
  const canManage = useCan('createApiKey');
  if (!user) return null;
  const onPlan = planHasFeature(user.subscriptionPlan, 'api');
  return (
    <>
      <div className="cg-page-head">
        <Heading level={1} className="cg-page-title">API</Heading>
      </div>
      <div className="cg-settings">
        {!onPlan && (
          <Alert variation="info" hasIcon data-testid="api-plan-notice">
            {featureRefusal(user.subscriptionPlan, 'api')} <Link to="/settings">Plans</Link>
          </Alert>
        )}
        {onPlan && canManage && <ApiKeysSection />}
        {onPlan && canManage && <WebhooksSection />}
        {onPlan && !canManage && <Text className="cg-muted">Owners and admins manage the workspace's API keys and webhooks.</Text>}
        <ApiReference />
      </div>
    </>
  );
}
