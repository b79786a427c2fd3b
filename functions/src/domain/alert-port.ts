/**
 * The alerts port (issue 11, item 7): where alerts are kept (the DynamoDB adapter
 * functions/src/store/alerts.ts) and the channels they go out on (the mail port, the WebSocket
 * notifier, an HTTP POST to a Slack-compatible incoming webhook). The composition root of every
 * function that raises alerts binds it (functions/src/handlers/bind-alerts.ts); a process that binds
 * none (a unit test of another part of the domain) raises nothing.
 */
import type { AlertKind, AlertSettings } from '@cg/shared';
import type { MailPort, Notifier } from './ports.js';

/** An alert as stored; `read` is resolved by the store (read one by one, or before the last "mark all read"). */
export interface AlertRecord {
  id: string;
  kind: AlertKind;
  brandId: string | null;
  title: string;
  detail: string;
  link: string | null;
  createdAt: string;
}

/** Negative and total analysed comments of one scope (the workspace `ALL`, or a brand) in one UTC hour (`YYYY-MM-DDTHH`). */
export interface SentimentCount { scope: string; hour: string; negative: number; total: number }

/** A comment still waiting in the moderation queue (pending, processing or processed, not acted on). */
export interface WaitingComment { id: string; timestamp: string; accountId: string | null }

export interface AlertStore {
  getAlertSettings(workspaceId: string): Promise<AlertSettings | null>;
  putAlertSettings(workspaceId: string, settings: AlertSettings): Promise<void>;
  /** Claims a dedupe key until `expiresAt` (conditional put): false when it is claimed already. */
  claimAlertKey(workspaceId: string, dedupeKey: string, expiresAt: Date): Promise<boolean>;
  /** Stores an alert for the bell and counts it unread. */
  putAlert(workspaceId: string, alert: AlertRecord): Promise<void>;
  /** The newest alerts (with whether each was read) and the unread count. */
  listAlerts(workspaceId: string, limit: number): Promise<{ items: (AlertRecord & { read: boolean })[]; unread: number }>;
  /** Marks these alerts read (each once); returns the unread count after. */
  markAlertsRead(workspaceId: string, ids: string[]): Promise<number>;
  /** Marks every alert up to `at` read at once (no per-alert writes). */
  markAllAlertsRead(workspaceId: string, at: string): Promise<void>;
  /** Adds analysed comments to their hour's counts (one ADD per scope and hour); returns each hour's counts after. */
  addSentimentCounts(workspaceId: string, counts: SentimentCount[]): Promise<SentimentCount[]>;
  /** The counts of one scope for these hours (missing hours count 0). */
  getSentimentCounts(workspaceId: string, scope: string, hours: string[]): Promise<SentimentCount[]>;
  /** The comments waiting in the workspace's moderation queue since before `before`, oldest first, at most `max`. */
  waitingSince(workspaceId: string, before: string, max: number): Promise<WaitingComment[]>;
}

export interface AlertChannels {
  mail: MailPort;
  notifier: Notifier;
  /** POSTs a JSON body to a Slack-compatible incoming webhook (with a time-out); throws when there is no answer. */
  postJson(url: string, body: unknown): Promise<{ status: number }>;
}

export interface AlertPorts { store: AlertStore; channels: AlertChannels | null }

let bound: AlertPorts | null = null;

export function bindAlerts(ports: AlertPorts): void {
  bound = ports;
}

export const alertPorts = (): AlertPorts | null => bound;
