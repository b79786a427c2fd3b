/**
 * Real-time analytics is a plan feature (PLAN_FEATURES.realtimeAnalytics, issue 11 item 10), applied by
 * the server: a live message about comments (arrived, analysed, acted on) carries `analytics: true`, the
 * app's cue to refetch the Analytics dashboard, only for a workspace whose plan has the feature. On
 * other plans the same messages keep the queue and lists current, and the dashboard shows its figures
 * as of when it was opened. The composition roots wrap the WebSocket notifier with this once.
 */
import { planHasFeature, type WsMessageType } from '@cg/shared';
import type { Notifier } from './ports.js';
import { stores } from './store-port.js';

/** The messages that move the dashboard's figures. */
const FIGURE_MESSAGES: ReadonlySet<WsMessageType> = new Set(['new_comments', 'comment_processed', 'comment_status_update', 'comment_action_executed', 'comment_overridden']);

export async function hasLiveAnalytics(workspaceId: string): Promise<boolean> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  return !!ws && planHasFeature(ws.subscriptionPlan, 'realtimeAnalytics');
}

export function withLiveAnalytics(inner: Notifier): Notifier {
  return {
    async notify(workspaceId, message) {
      const live = FIGURE_MESSAGES.has(message.type) && (await hasLiveAnalytics(workspaceId));
      await inner.notify(workspaceId, live ? { ...message, analytics: true } : message);
    },
    disconnectMember: (workspaceId, userId) => inner.disconnectMember(workspaceId, userId),
  };
}
