/**
 * Alerts (issue 11, item 7): a condition worth a person's attention — a troll-attack incident, a
 * surge of negative comments, comments waiting longer than the brand's response-time target, the
 * monthly quota at 80% and 100%, a platform connection that needs reconnecting — raised once per
 * dedupe key (kind + subject + period, alert-rules.ts) and delivered to the channels the workspace
 * chose for its kind: the in-app bell (stored per workspace, pushed live over the WebSocket), email
 * (the mail port: SES in AWS, the mail catcher locally) and a Slack-compatible incoming-webhook URL.
 *
 * `raiseAlert` and the checks below never throw: the action that raised them (an analysis, a sync,
 * the scheduled automation) is done either way; delivery failures are logged.
 */
import { randomBytes } from 'node:crypto';
import {
  ALERT_KINDS, DEFAULT_ALERT_ROUTE, DEFAULT_RESPONSE_TARGET_MINUTES, NEGATIVE_SURGE, QUOTA_ALERT_LEVELS,
  type Alert, type AlertKind, type AlertSettings, type AlertSettingsInput, type AlertsList, type MarkAlertsReadBody,
} from '@cg/shared';
import { alertPeriod, hourOf, hoursBefore, negativeSurge } from './alert-rules.js';
import { alertPorts, type AlertPorts, type SentimentCount } from './alert-port.js';
import { Invalid } from './errors.js';
import type { StoredAccount, StoredComment } from './model.js';
import { stores } from './store-port.js';
import { webhookUrlProblem } from './webhook-url.js';

export interface RaiseAlertInput {
  kind: AlertKind;
  /** The brand (its Facebook page id) the alert is about, when there is one. */
  brandId?: string | null;
  title: string;
  detail: string;
  /** An in-app path to look at (e.g. `/incidents/<id>`). */
  link?: string | null;
  /**
   * What makes this condition the same one again: one alert per kind + subject (+ period, see
   * `alertPeriod`). For an incident, the incident id; by default the brand (or the workspace).
   */
  subject?: string;
}

const SLACK_MAX_TEXT = 3_000;

/** The workspace's alert settings, with every kind routed (defaults where unset). */
export async function getAlertSettings(workspaceId: string, ports: AlertPorts | null = alertPorts()): Promise<AlertSettings> {
  const saved = ports ? await ports.store.getAlertSettings(workspaceId) : null;
  const routes = Object.fromEntries(ALERT_KINDS.map((k) => [k, saved?.routes[k] ?? DEFAULT_ALERT_ROUTE])) as AlertSettings['routes'];
  return { routes, emailRecipients: saved?.emailRecipients ?? [], slackUrl: saved?.slackUrl ?? null };
}

function required(): AlertPorts {
  const ports = alertPorts();
  if (!ports) throw new Error('No alerts port is bound (functions/src/handlers/bind-alerts.ts)');
  return ports;
}

/** Why a Slack URL is refused (null: fine): parsed with the WHATWG URL parser; https and public in AWS. */
export function slackUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  return webhookUrlProblem(raw);
}

/** Saves the settings (admins: the route's access); recipients must be members, the Slack URL valid. */
export async function updateAlertSettings(workspaceId: string, input: AlertSettingsInput): Promise<AlertSettings> {
  const ports = required();
  const current = await getAlertSettings(workspaceId, ports);
  const next: AlertSettings = {
    routes: { ...current.routes, ...input.routes },
    emailRecipients: input.emailRecipients ? [...new Set(input.emailRecipients)] : current.emailRecipients,
    slackUrl: input.slackUrl === undefined ? current.slackUrl : input.slackUrl || null,
  };
  if (next.slackUrl) {
    const problem = slackUrlProblem(next.slackUrl);
    if (problem) throw new Invalid(`The Slack webhook URL ${problem}.`, [{ field: 'slackUrl', message: problem }]);
  }
  if (input.emailRecipients?.length) {
    const members = new Set((await stores.workspaces.listMembers(workspaceId)).map((m) => m.userId));
    const strangers = next.emailRecipients.filter((id) => !members.has(id));
    if (strangers.length) throw new Invalid(`Alert emails go to members only: ${strangers.join(', ')} ${strangers.length === 1 ? 'is' : 'are'} not a member of this workspace.`, [{ field: 'emailRecipients', message: 'must be members of the workspace' }]);
  }
  await ports.store.putAlertSettings(workspaceId, next);
  return next;
}

export async function listAlerts(workspaceId: string, limit = 20): Promise<AlertsList> {
  return required().store.listAlerts(workspaceId, limit);
}

export async function markAlertsRead(workspaceId: string, body: MarkAlertsReadBody, now = new Date()): Promise<{ unread: number }> {
  const { store, channels } = required();
  let unread = 0;
  if ('all' in body) await store.markAllAlertsRead(workspaceId, now.toISOString());
  else unread = await store.markAlertsRead(workspaceId, body.ids);
  // Every open tab of the workspace shows the new count (the bell is per workspace).
  await channels?.notifier.notify(workspaceId, { type: 'alert', count: unread }).catch((err) => console.warn('[alerts] notify failed', (err as Error).message));
  return { unread };
}

/** A sortable id: newest first in the store (inverted time), unique by its random tail. */
function alertId(now: Date): string {
  return `${String(9_999_999_999_999 - now.getTime()).padStart(13, '0')}-${randomBytes(5).toString('hex')}`;
}

/**
 * Raises an alert unless the same kind + subject was already raised in its period; returns the new
 * alert, or null when it was a repeat (or could not be stored). Never throws.
 */
export async function raiseAlert(workspaceId: string, input: RaiseAlertInput, now = new Date()): Promise<Alert | null> {
  const ports = alertPorts();
  if (!ports) return null;
  try {
    const { period, endsAt } = alertPeriod(input.kind, now);
    const subject = input.subject ?? input.brandId ?? 'workspace';
    if (!(await ports.store.claimAlertKey(workspaceId, `${input.kind}#${subject}#${period}`, endsAt))) return null;
    const settings = await getAlertSettings(workspaceId, ports);
    const route = settings.routes[input.kind];
    const alert: Alert = {
      id: alertId(now), kind: input.kind, brandId: input.brandId ?? null, title: input.title, detail: input.detail, link: input.link ?? null,
      createdAt: now.toISOString(), read: false,
    };
    const deliveries: Promise<unknown>[] = [];
    if (route.inApp) {
      const { read: _read, ...record } = alert;
      await ports.store.putAlert(workspaceId, record);
      if (ports.channels) {
        const { unread } = await ports.store.listAlerts(workspaceId, 1);
        deliveries.push(ports.channels.notifier.notify(workspaceId, { type: 'alert', count: unread, message: alert.title }));
      }
    }
    if (ports.channels && route.email) deliveries.push(mailAlert(workspaceId, settings, alert, ports));
    if (ports.channels && route.slack && settings.slackUrl) deliveries.push(postToSlack(settings.slackUrl, alert, ports));
    for (const r of await Promise.allSettled(deliveries)) {
      if (r.status === 'rejected') console.warn('[alerts] a delivery failed', workspaceId, alert.kind, (r.reason as Error)?.message ?? r.reason);
    }
    return alert;
  } catch (err) {
    console.error('[alerts] not raised', workspaceId, input.kind, err);
    return null;
  }
}

/** The alert's link as a full URL for mail and Slack (APP_URL), or null where the app's address is not known. */
function absolute(link: string | null): string | null {
  if (!link) return null;
  if (!link.startsWith('/')) return link;
  const base = process.env.APP_URL;
  return base ? `${base.replace(/\/$/, '')}${link}` : null;
}

/** The members who receive alert mail: those chosen, else the owner and admins. */
async function recipients(workspaceId: string, settings: AlertSettings): Promise<string[]> {
  const members = await stores.workspaces.listMembers(workspaceId);
  const chosen = settings.emailRecipients.length ? members.filter((m) => settings.emailRecipients.includes(m.userId)) : members.filter((m) => m.role === 'owner' || m.role === 'admin');
  return [...new Set(chosen.map((m) => m.email))];
}

async function mailAlert(workspaceId: string, settings: AlertSettings, alert: Alert, ports: AlertPorts): Promise<void> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  const link = absolute(alert.link);
  const text = `${alert.detail}${link ? `\n\nOpen: ${link}` : ''}\n\nWorkspace: ${ws?.name ?? workspaceId}\nYou receive this because you are listed for alert mail in the workspace's Settings → Alerts.`;
  for (const to of await recipients(workspaceId, settings)) {
    await ports.channels!.mail.send({ to, subject: `Pagewarden alert: ${alert.title}`, text });
  }
}

async function postToSlack(url: string, alert: Alert, ports: AlertPorts): Promise<void> {
  const problem = slackUrlProblem(url);
  if (problem) throw new Error(`the Slack URL ${problem}`);
  const link = absolute(alert.link);
  const text = `*${alert.title}*\n${alert.detail}${link ? `\n${link}` : ''}`.slice(0, SLACK_MAX_TEXT);
  const { status } = await ports.channels!.postJson(url, { text });
  if (status < 200 || status >= 300) throw new Error(`the Slack webhook answered ${status}`);
}

// ---- The conditions -----------------------------------------------------------------------------

/**
 * After comments were reserved for analysis: the quota alerts at 80% and 100% of the month's
 * quota (once each per month), from the month's count after the reservation; `refused` is true
 * when comments stayed pending because the quota is used up.
 */
export async function checkQuota(workspaceId: string, quota: number | null, refused: boolean, now = new Date()): Promise<void> {
  if (quota === null || quota <= 0 || !alertPorts()) return;
  let used: number;
  try {
    used = await stores.usage.usedThisMonth(workspaceId, now);
  } catch (err) {
    console.error('[alerts] quota not checked', workspaceId, err);
    return;
  }
  for (const level of QUOTA_ALERT_LEVELS) {
    if (used < level.share * quota && !(refused && level.share === 1)) continue;
    const pct = Math.round(level.share * 100);
    await raiseAlert(workspaceId, {
      kind: level.kind, subject: 'quota', title: pct >= 100 ? 'Monthly analysis quota used up' : `Monthly analysis quota at ${pct}%`,
      detail: pct >= 100
        ? `All ${quota.toLocaleString('en-US')} comment analyses of this month are used. New comments stay pending until you upgrade or the next month starts.`
        : `${used.toLocaleString('en-US')} of this month's ${quota.toLocaleString('en-US')} comment analyses are used (${Math.floor((used / quota) * 100)}%). At 100%, new comments stay pending until you upgrade or the next month starts.`,
      link: '/settings',
    }, now);
  }
}

/** A sync found an account's token refused by Meta (error 190): it needs reconnecting. */
export async function alertReconnect(workspaceId: string, account: Pick<StoredAccount, 'id' | 'accountName' | 'platform' | 'brandId' | 'externalId'>, now = new Date()): Promise<void> {
  const platform = account.platform === 'instagram' ? 'Instagram' : 'Facebook';
  await raiseAlert(workspaceId, {
    kind: 'reconnect', brandId: account.brandId || account.externalId, subject: account.id,
    title: `${account.accountName} needs reconnecting`,
    detail: `${platform} no longer accepts the connection of ${account.accountName} (its access was revoked or expired). Its comments are not synced or moderated until someone reconnects it in Settings.`,
    link: '/settings',
  }, now);
}

/**
 * Counts freshly decided comments per UTC hour (of the comment's time), for the workspace and its
 * brand, and raises a surge alert when the current hour's negative comments are a surge against the
 * day before (NEGATIVE_SURGE). Counts are added on write; the check reads a day of hourly counts.
 */
export async function countSentiments(workspaceId: string, decided: StoredComment[], now = new Date()): Promise<void> {
  const ports = alertPorts();
  if (!ports || !decided.length) return;
  try {
    const accounts = decided.some((s) => s.comment.accountId) ? await stores.accounts.listAccounts(workspaceId) : [];
    const brandOf = new Map(accounts.map((a) => [a.id, a.brandId || a.externalId]));
    const counts = new Map<string, SentimentCount>();
    for (const s of decided) {
      const d = s.comment.aiDecision;
      if (!d) continue;
      const at = new Date(s.comment.timestamp);
      if (Number.isNaN(at.getTime())) continue;
      const hour = hourOf(at);
      const brand = brandOf.get(s.comment.accountId ?? '');
      for (const scope of brand ? ['ALL', brand] : ['ALL']) {
        const key = `${scope}#${hour}`;
        const c = counts.get(key) ?? { scope, hour, negative: 0, total: 0 };
        c.total++;
        if (d.sentiment === 'negative') c.negative++;
        counts.set(key, c);
      }
    }
    const totals = await ports.store.addSentimentCounts(workspaceId, [...counts.values()]);
    // Only the current hour can be a surge now (a backfill of older comments only feeds the baseline);
    // the day before is read only once the hour has enough negative comments to be one.
    const current = hourOf(now);
    for (const hour of totals) {
      const added = counts.get(`${hour.scope}#${hour.hour}`);
      if (hour.hour !== current || !added?.negative || hour.negative < NEGATIVE_SURGE.minNegatives) continue;
      const previous = await ports.store.getSentimentCounts(workspaceId, hour.scope, hoursBefore(current, NEGATIVE_SURGE.baselineHours));
      const verdict = negativeSurge(hour, previous);
      if (!verdict.surge) continue;
      const brand = hour.scope === 'ALL' ? null : hour.scope;
      const name = brand ? accounts.find((a) => (a.brandId || a.externalId) === brand && a.platform === 'facebook')?.accountName ?? 'a brand' : 'the workspace';
      await raiseAlert(workspaceId, {
        kind: 'negative_surge', brandId: brand, subject: hour.scope,
        title: `Surge of negative comments on ${name}`,
        detail: `${hour.negative} of ${hour.total} comments analysed this hour on ${name} are negative (${Math.round(verdict.share * 100)}%), against ${verdict.baselinePerHour.toFixed(1)} an hour over the previous ${NEGATIVE_SURGE.baselineHours} hours.`,
        link: '/comments?sentiment=negative',
      }, now);
    }
  } catch (err) {
    console.error('[alerts] sentiment counts not kept', workspaceId, err);
  }
}

/** Most overdue comments the scheduled check reads per workspace (oldest first; the alert then says "N+"). */
const OVERDUE_READ_MAX = 1000;

/**
 * The scheduled automation's check: per brand, comments in the moderation queue longer than the
 * brand's response-time target (its voice settings; DEFAULT_RESPONSE_TARGET_MINUTES unless set)
 * raise one alert per brand per day. Reads only the comments waiting longer than the shortest
 * target (a key range of the queue), so every brand's overdue comments are seen, not only the
 * workspace's oldest.
 */
export async function checkResponseTimes(workspaceId: string, now = new Date()): Promise<number> {
  const ports = alertPorts();
  if (!ports) return 0;
  try {
    const accounts = await stores.accounts.listAccounts(workspaceId);
    if (!accounts.length) return 0;
    const brandOf = (a: (typeof accounts)[number]) => a.brandId || a.externalId;
    const targets = new Map<string, number>();
    for (const brand of new Set(accounts.map(brandOf))) {
      targets.set(brand, (await stores.brands.getBrand(workspaceId, brand)).voice?.responseTargetMinutes ?? DEFAULT_RESPONSE_TARGET_MINUTES);
    }
    const shortest = Math.min(...targets.values());
    const waiting = await ports.store.waitingSince(workspaceId, new Date(now.getTime() - shortest * 60_000).toISOString(), OVERDUE_READ_MAX);
    const capped = waiting.length >= OVERDUE_READ_MAX;
    const byId = new Map(accounts.map((a) => [a.id, a]));
    const perBrand = new Map<string, { oldest: string; count: number; name: string }>();
    let raised = 0;
    for (const w of waiting) {
      const account = byId.get(w.accountId ?? '');
      if (!account) continue;
      const brand = brandOf(account);
      const waitedMinutes = (now.getTime() - Date.parse(w.timestamp)) / 60_000;
      if (!(waitedMinutes > targets.get(brand)!)) continue;
      const entry = perBrand.get(brand) ?? { oldest: w.timestamp, count: 0, name: accounts.find((a) => brandOf(a) === brand && a.platform === 'facebook')?.accountName ?? account.accountName };
      entry.count++;
      perBrand.set(brand, entry);
    }
    for (const [brand, e] of perBrand) {
      const target = targets.get(brand)!;
      const waited = Math.floor((now.getTime() - Date.parse(e.oldest)) / 60_000);
      const alert = await raiseAlert(workspaceId, {
        kind: 'response_overdue', brandId: brand, subject: brand,
        title: `Comments on ${e.name} waiting longer than ${target} minutes`,
        detail: `${e.count}${capped ? '+' : ''} comment${e.count === 1 ? ' has' : 's have'} waited in the queue of ${e.name} longer than its ${target}-minute response-time target; the oldest for ${formatMinutes(waited)}.`,
        link: '/comments',
      }, now);
      if (alert) raised++;
    }
    return raised;
  } catch (err) {
    console.error('[alerts] response times not checked', workspaceId, err);
    return 0;
  }
}

function formatMinutes(m: number): string {
  if (m < 120) return `${m} minutes`;
  if (m < 48 * 60) return `${Math.floor(m / 60)} hours`;
  return `${Math.floor(m / 1440)} days`;
}
