/** The Meta sandbox's private replies (one per comment, within 7 days), the page's blocked edge, and lost answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetaSandbox, type MetaSandboxHandle } from '../../local/meta-sandbox/index.js';

type Json = Record<string, any>;
let sb: MetaSandboxHandle;
let page: { id: string; igUserId: string; accessToken: string };

async function graph(method: string, path: string, params: Record<string, string> = {}): Promise<{ status: number; body: Json }> {
  const body = method === 'GET' ? undefined : new URLSearchParams(params);
  const q = method === 'GET' ? `?${new URLSearchParams(params)}` : '';
  const res = await fetch(`${sb.url}/v26.0/${path}${q}`, { method, body, headers: { authorization: `Bearer ${page.accessToken}` } });
  return { status: res.status, body: (await res.json()) as Json };
}
async function control(path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${sb.url}/__control/${path}`, { method: body === undefined ? 'GET' : 'POST', body: body === undefined ? undefined : JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return (await res.json()) as Json;
}
const privateReply = (commentId: string, text: string) =>
  graph('POST', `${page.id}/messages`, { recipient: JSON.stringify({ comment_id: commentId }), message: JSON.stringify({ text }) });

beforeAll(async () => {
  // Seeded comments are weeks older than now, whatever today's date.
  sb = await startMetaSandbox({ port: 0, appId: 'app', appSecret: 'secret', baseTime: Date.now() - 14 * 86_400_000 });
  page = (await control('state')).pages[0];
});
afterAll(async () => { await sb?.close(); });

describe('private replies', () => {
  it('one per comment: the second is refused with 10900 and can_reply_privately turns false', async () => {
    const c = (await control('comments', { pageId: page.id, platform: 'facebook', webhook: false })).comment;
    expect((await graph('GET', c.id, { fields: 'can_reply_privately' })).body.can_reply_privately).toBe(true);
    const first = await privateReply(c.id, 'Hello in private');
    expect(first.status).toBe(200);
    expect(first.body.recipient_id).toBe(c.authorId);
    const second = await privateReply(c.id, 'Again');
    expect(second.body.error.code).toBe(10900);
    expect((await graph('GET', c.id, { fields: 'can_reply_privately' })).body.can_reply_privately).toBe(false);
    expect((await control('state')).privateReplies.map((r: Json) => r.text)).toEqual(['Hello in private']);
  });

  it('a comment older than 7 days is refused with 10903', async () => {
    const old = (await control('comments')).comments.find((c: Json) => c.pageId === page.id && c.platform === 'facebook' && !c.fromPage);
    const res = await privateReply(old.id, 'Too late');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(10903);
  });
});

describe('blocking', () => {
  it('POST blocks, GET lists, DELETE unblocks; the user parameter is required', async () => {
    expect((await graph('POST', `${page.id}/blocked`, { user: '555' })).body).toEqual({ 555: true });
    expect((await graph('GET', `${page.id}/blocked`)).body.data).toEqual([{ id: '555' }]);
    expect((await graph('DELETE', `${page.id}/blocked`, { user: '555' })).body.success).toBe(true);
    expect((await graph('GET', `${page.id}/blocked`)).body.data).toEqual([]);
    expect((await graph('POST', `${page.id}/blocked`)).status).toBe(400);
  });
});

describe('lost answers', () => {
  it('a lost fault applies the call, then answers the error', async () => {
    const c = (await control('comments', { pageId: page.id, platform: 'facebook', webhook: false })).comment;
    await control('faults', { match: `${c.id}/comments`, code: 500, method: 'POST', lost: true });
    const res = await graph('POST', `${c.id}/comments`, { message: 'Did it post?' });
    expect(res.status).toBe(500);
    const replies = (await control('comments')).comments.filter((x: Json) => x.parentId === c.id);
    expect(replies.map((x: Json) => x.text)).toEqual(['Did it post?']);
  });
});
