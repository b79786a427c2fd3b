/**
 * Real-time analytics is enforced by the server (issue 11 item 10): the live message of a moderation
 * change tells the app to refresh the Analytics dashboard (`analytics: true`) only for a workspace whose
 * plan has real-time analytics (Growth, Ultimate); on Starter the same message arrives without it.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { plansWithFeature } from '@cg/shared';
import { signedIn, type Client } from '../support/client.js';
import { decision, makeComment, seed } from '../support/seed.js';

const workspaces = await import('../../functions/src/store/workspaces.js');

function openSocket(client: Client): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(client.baseUrl.replace(/^http/, 'ws') + '/ws', { headers: { Cookie: client.cookieHeader(), Origin: client.baseUrl } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused: ${res.statusCode}`)));
  });
}

/** The first message on the socket about this comment. */
function messageAbout(ws: WebSocket, commentId: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw)) as Record<string, unknown>;
      if (m.commentId === commentId || (Array.isArray(m.commentIds) && m.commentIds.includes(commentId))) resolve(m);
    });
  });
}

/** Overrides a decided comment with the socket open; answers the live message it caused. */
async function overrideWithSocketOpen(tag: string, plan: 'starter' | 'growth' | 'ultimate') {
  const { client, user } = await signedIn(tag);
  await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: plan });
  const c = makeComment({ status: 'processed', aiDecision: decision({ decision: 'hide', sentiment: 'negative' }), timestamp: new Date().toISOString() });
  await seed(user.workspaceId, [c]);
  const ws = await openSocket(client);
  try {
    const message = messageAbout(ws, c.id);
    const res = await client.post(`/api/comments/${c.id}/override`, { action: 'ignore' });
    expect(res.status, res.text).toBe(200);
    return await message;
  } finally {
    ws.close();
  }
}

describe('real-time analytics on the socket', () => {
  it(`tells only ${plansWithFeature('realtimeAnalytics')} workspaces to refresh the dashboard live`, async () => {
    const starter = await overrideWithSocketOpen('live-starter', 'starter');
    expect(starter).toMatchObject({ commentId: expect.any(String), status: 'approved' });
    expect(starter).not.toHaveProperty('analytics');
    for (const plan of ['growth', 'ultimate'] as const) {
      expect(await overrideWithSocketOpen(`live-${plan}`, plan)).toMatchObject({ status: 'approved', analytics: true });
    }
  });
});
