/**
 * Any action on any comment, exactly once (issue 12), against the local stack and the Meta sandbox:
 * concurrent approvals, replies, hides and deletes make one effect on the page; Reply Instead posts;
 * "ignore" comments can be acted on; one private reply; refusals record nothing; a lost answer is
 * resolved without a second post; undo; block; context; history; bulk and keyset paging.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { AiDecision } from '@cg/shared';
import { Client, signedIn, allComments } from '../support/client.js';
import { connectThroughSandbox, control, finishedJob, syncAll } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
const { decision, makeComment, seed, store } = await import('../support/seed.js');


async function sandboxComments(): Promise<any[]> {
  return (await control('comments?deleted=true')).comments;
}

/** The page's replies under a comment in the sandbox (not deleted). */
async function pageReplies(externalId: string): Promise<any[]> {
  return (await sandboxComments()).filter((c) => c.parentId === externalId && c.fromPage && !c.deleted);
}

async function setPlan(workspaceId: string, plan: 'growth' | 'ultimate'): Promise<void> {
  const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
  await setWorkspaceFields(workspaceId, { subscriptionPlan: plan });
}

async function calls(route: string): Promise<number> {
  return (await control('state')).calls.byRoute[route] ?? 0;
}

describe('actions on the platform, exactly once', () => {
  let client: Client;
  let workspaceId: string;
  let pool: any[];
  const take = () => pool.shift()!;

  const decide = async (c: any, over: Partial<AiDecision>) => {
    const s = (await store.getComment(workspaceId, c.id))!;
    await store.writeComment(s, { ...s, comment: { ...s.comment, status: 'processed', aiDecision: decision({ confidence: 90, ...over }) } });
  };

  beforeAll(async () => {
    await control('reset', {});
    ({ client } = await signedIn('actions'));
    const me = (await client.get('/api/user')).json;
    workspaceId = me.workspaceId;
    const { setWorkspaceFields } = await import('../../functions/src/store/workspaces.js');
    await setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
    await connectThroughSandbox(client);
    await syncAll(client);
    // Comments the page has not answered yet, so that every reply under them in the sandbox is one of ours.
    const answered = new Set((await sandboxComments()).filter((c) => c.fromPage && c.parentId).map((c) => c.parentId));
    pool = (await allComments(client)).filter((c) => c.status === 'pending' && !c.parentId && c.platform === 'facebook' && !c.adId && !answered.has(c.externalId));
    expect(pool.length).toBeGreaterThan(30);
  });

  it('ten concurrent approvals of a reply post one reply; the stored reply is the one the platform accepted', async () => {
    const c = take();
    await decide(c, { decision: 'reply', suggestedReply: 'Thanks, approved once!' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post(`/api/comments/${c.id}/approve`)));
    expect(answers.map((a) => a.status).every((s) => s === 200 || s === 409), answers.map((a) => a.text).join('\n')).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    const replies = await pageReplies(c.externalId);
    expect(replies.map((r) => r.text)).toEqual(['Thanks, approved once!']);
    const stored = (await store.getComment(workspaceId, c.id))!.comment;
    expect(stored.status).toBe('replied');
    expect(stored.reply).toMatchObject({ id: replies[0].id, text: 'Thanks, approved once!' });
  });

  it('ten concurrent replies, hides and deletes each make one effect in the sandbox', async () => {
    const [r, h, d] = [take(), take(), take()];
    // Texts of their own: a deleted text would otherwise also hide its copies in the queue (cross-post memory).
    for (const c of [r, h, d]) {
      const s = (await store.getComment(workspaceId, c.id))!;
      await store.writeComment(s, { ...s, comment: { ...s.comment, content: `Only once, please: ${c.id}` } });
    }
    const hidesBefore = await calls('POST fbComment');
    const deletesBefore = await calls('DELETE fbComment');
    const all = await Promise.all([
      ...Array.from({ length: 10 }, () => client.post(`/api/comments/${r.id}/reply`, { message: 'One reply only' })),
      ...Array.from({ length: 10 }, () => client.post(`/api/comments/${h.id}/hide`)),
      ...Array.from({ length: 10 }, () => client.post(`/api/comments/${d.id}/delete`)),
    ]);
    expect(all.every((a) => a.status === 200 || a.status === 409), all.map((a) => a.text).join('\n')).toBe(true);
    expect((await pageReplies(r.externalId)).map((x) => x.text)).toEqual(['One reply only']);
    expect((await calls('POST fbComment')) - hidesBefore).toBe(1);
    expect((await calls('DELETE fbComment')) - deletesBefore).toBe(1);
    const world = await sandboxComments();
    expect(world.find((x) => x.id === h.externalId).hidden).toBe(true);
    expect(world.find((x) => x.id === d.externalId).deleted).toBe(true);
    expect((await store.getComment(workspaceId, h.id))!.comment).toMatchObject({ isHidden: true, status: 'approved' });
    expect((await store.getComment(workspaceId, d.id))!.comment.status).toBe('deleted');
  });

  it('Reply Instead posts the draft; with an empty draft it is a 400 and nothing is posted', async () => {
    const [c, empty] = [take(), take()];
    await decide(c, { decision: 'delete', suggestedReply: 'Sorry about that, we will fix it.' });
    await decide(empty, { decision: 'delete', suggestedReply: '' });
    const res = await client.post(`/api/comments/${c.id}/override`, { action: 'reply_sent' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ status: 'replied', reply: { text: 'Sorry about that, we will fix it.' } });
    expect((await pageReplies(c.externalId)).map((x) => x.text)).toEqual(['Sorry about that, we will fix it.']);
    const refused = await client.post(`/api/comments/${empty.id}/override`, { action: 'reply_sent' });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('draft is empty');
    expect(await pageReplies(empty.externalId)).toEqual([]);
    expect((await store.getComment(workspaceId, empty.id))!.comment.status).toBe('processed');
  });

  it('"ignore" comments can be hidden, deleted, replied to and dismissed; dismissed ones leave the queue', async () => {
    const [h, d, r, x] = [take(), take(), take(), take()];
    for (const c of [h, d, r, x]) await decide(c, { decision: 'ignore' });
    expect((await client.post(`/api/comments/${h.id}/hide`)).json).toMatchObject({ isHidden: true, status: 'approved' });
    expect((await client.post(`/api/comments/${d.id}/delete`)).json.status).toBe('deleted');
    expect((await client.post(`/api/comments/${r.id}/reply`, { message: 'Hello there' })).json.status).toBe('replied');
    const dismissed = await client.post(`/api/comments/${x.id}/dismiss`);
    expect(dismissed.json).toMatchObject({ status: 'approved', dismissed: true });
    const world = await sandboxComments();
    expect(world.find((c) => c.id === h.externalId).hidden).toBe(true);
    expect(world.find((c) => c.id === d.externalId).deleted).toBe(true);
    expect(world.find((c) => c.id === x.externalId)).toMatchObject({ hidden: false, deleted: false });
    const queue = (await client.get('/api/comments?pendingOnly=true&limit=100')).json.comments.map((c: any) => c.id);
    expect(queue).not.toContain(x.id);
    expect((await client.post(`/api/comments/${x.id}/dismiss`)).status).toBe(409);
  });

  it('a platform refusal records nothing: no reply, same status, the reason kept', async () => {
    const c = take();
    await control('faults', { match: `${c.externalId}/comments`, code: 10, method: 'POST' });
    const res = await client.post(`/api/comments/${c.id}/reply`, { message: 'Refused?' });
    expect(res.status).toBe(502);
    const stored = (await store.getComment(workspaceId, c.id))!.comment;
    expect(stored.status).toBe('pending');
    expect(stored.reply).toBeUndefined();
    expect(stored.lastError).toBeTruthy();
    expect(await pageReplies(c.externalId)).toEqual([]);
    expect((await client.get(`/api/comments/${c.id}/history`)).json).toEqual([]);
  });

  it('a lost answer (the reply was posted, the response never came) is resolved by a retry without a second post', async () => {
    const c = take();
    await control('faults', { match: `${c.externalId}/comments`, code: 500, method: 'POST', lost: true });
    const first = await client.post(`/api/comments/${c.id}/reply`, { message: 'Posted despite the timeout' });
    expect(first.status).toBe(502);
    expect(first.json.message).toContain('not known whether');
    expect((await pageReplies(c.externalId))).toHaveLength(1);
    expect((await store.getComment(workspaceId, c.id))!.comment.status).toBe('pending');
    const retry = await client.post(`/api/comments/${c.id}/reply`, { message: 'Posted despite the timeout' });
    expect(retry.status, retry.text).toBe(200);
    const replies = await pageReplies(c.externalId);
    expect(replies).toHaveLength(1);
    expect(retry.json.reply.id).toBe(replies[0].id);
  });

  it('undo: unhide, delete our reply; the history lists every action with who and when', async () => {
    const c = take();
    expect((await client.post(`/api/comments/${c.id}/hide`)).status).toBe(200);
    expect((await client.post(`/api/comments/${c.id}/unhide`)).json.isHidden).toBe(false);
    expect((await sandboxComments()).find((x) => x.id === c.externalId).hidden).toBe(false);
    const shown = take();
    const refused = await client.post(`/api/comments/${shown.id}/unhide`);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('This comment is not hidden.');
    const replied = await client.post(`/api/comments/${c.id}/reply`, { message: 'To be taken back' });
    expect(replied.status, replied.text).toBe(200);
    expect(await pageReplies(c.externalId)).toHaveLength(1);
    const undone = await client.post(`/api/comments/${c.id}/delete-reply`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json.status).toBe('approved');
    expect(undone.json.reply).toBeUndefined();
    expect(await pageReplies(c.externalId)).toEqual([]);
    const history = (await client.get(`/api/comments/${c.id}/history`)).json;
    expect(history.map((h: any) => h.action)).toEqual(['hide', 'unhide', 'reply', 'delete_reply']);
    expect(history.every((h: any) => h.by && h.at)).toBe(true);
    expect(history[2].platformId).toBe(replied.json.reply.id);
  });

  it('a late hide notice (ours, after our unhide) does not hide the comment again; a real hide on the page later does', async () => {
    const c = take();
    expect((await client.post(`/api/comments/${c.id}/hide`)).status).toBe(200);
    expect((await client.post(`/api/comments/${c.id}/unhide`)).json.isHidden).toBe(false);
    const reads = await calls('GET fbComment');
    await control('webhooks/send', { commentIds: [c.externalId], verb: 'hide' });
    // The notice is handled once the platform was asked; an edit sent after it is stored after it.
    for (const deadline = Date.now() + 30_000; (await calls('GET fbComment')) === reads;) {
      if (Date.now() > deadline) throw new Error('the hide notice was never handled');
    }
    await control(`comments/${c.externalId}/edit`, { message: 'Edited after the late notice' });
    const stored = async () => (await store.getComment(workspaceId, c.id))!.comment;
    for (const deadline = Date.now() + 30_000; (await stored()).content !== 'Edited after the late notice';) {
      if (Date.now() > deadline) throw new Error('the edit never arrived');
    }
    expect((await stored()).isHidden).toBe(false);
    expect((await sandboxComments()).find((x) => x.id === c.externalId).hidden).toBe(false);

    await control(`comments/${c.externalId}/hide`, { hidden: true });
    for (const deadline = Date.now() + 30_000; !(await stored()).isHidden;) {
      if (Date.now() > deadline) throw new Error('the hide on the page never arrived');
    }
  });

  it('a private reply is sent once, within 7 days of the comment; a clear refusal otherwise', async () => {
    const page = (await control('state')).pages[0];
    const created = (await control('comments', { pageId: page.id, platform: 'facebook', ad: false, message: 'Can you DM me the price?' })).comment;
    await control('webhooks/flush', {});
    let fresh: any;
    for (const deadline = Date.now() + 30_000; !fresh && Date.now() < deadline;) {
      fresh = (await allComments(client)).find((x) => x.externalId === created.id);
      if (!fresh) await new Promise((r) => setTimeout(r, 50));
    }
    expect(fresh).toBeTruthy();
    const sent = await client.post(`/api/comments/${fresh.id}/private-reply`, { message: 'Sent you the price list.' });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json.privateReplyAt).toBeTruthy();
    const again = await client.post(`/api/comments/${fresh.id}/private-reply`, { message: 'Again?' });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain('one per comment');
    const old = take(); // seeded comments are weeks old
    const late = await client.post(`/api/comments/${old.id}/private-reply`, { message: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.json.message).toContain('7 days');
    const igCreated = (await control('comments', { pageId: page.id, platform: 'instagram', ad: false, message: 'Price please?' })).comment;
    await control('webhooks/flush', {});
    let ig: any;
    for (const deadline = Date.now() + 30_000; !ig && Date.now() < deadline;) {
      ig = (await allComments(client)).find((x) => x.externalId === igCreated.id);
      if (!ig) await new Promise((r) => setTimeout(r, 50));
    }
    const igSent = await client.post(`/api/comments/${ig.id}/private-reply`, { message: 'Sent by DM.' });
    expect(igSent.status, igSent.text).toBe(200);
    const replies = (await control('state')).privateReplies;
    expect(replies.map((r: any) => [r.commentId, r.accountId, r.text])).toEqual([
      [created.id, page.id, 'Sent you the price list.'], [igCreated.id, page.igUserId, 'Sent by DM.'],
    ]);
  });

  it('blocks a Facebook author from the page; Instagram is a clear refusal', async () => {
    const c = take();
    const res = await client.post(`/api/comments/${c.id}/block-author`);
    expect(res.status, res.text).toBe(200);
    expect(res.json.authorBlocked).toBe(true);
    const state = await control('state');
    expect(Object.values(state.blocked).flat()).toContain(c.authorId);
    const ig = (await allComments(client)).find((x) => x.platform === 'instagram' && x.status === 'pending');
    const refused = await client.post(`/api/comments/${ig.id}/block-author`);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toContain('Instagram');
  });

  it('context: brand, account, the dark post or ad it is on, the parent of a reply, the author history, a permalink', async () => {
    const all = await allComments(client);
    const darkStories = new Set((await control('state')).ads.filter((a: any) => a.status === 'ACTIVE' && a.storyId).map((a: any) => a.storyId));
    const dark = all.find((x) => x.platform === 'facebook' && darkStories.has(x.postId) && !x.parentId);
    const ctx = (await client.get(`/api/comments/${dark.id}/context`)).json;
    expect(['Lumen Skincare', 'Trailhead Outfitters']).toContain(ctx.brand.name);
    expect(ctx.account.platform).toBe('facebook');
    expect(ctx.post.label).toBe('Dark post');
    expect(ctx.post.text.length).toBeGreaterThan(0);
    expect(ctx.permalink).toContain(dark.externalId);
    expect(ctx.author).toMatchObject({ id: dark.authorId, comments: expect.any(Number) });
    const theirs = all.filter((x) => x.platform === dark.platform && x.authorId === dark.authorId);
    expect(ctx.author).toMatchObject({
      comments: theirs.length, hidden: theirs.filter((x) => x.isHidden).length, deleted: theirs.filter((x) => x.status === 'deleted').length,
      firstSeen: theirs.map((x) => x.timestamp).sort()[0], complete: true,
    });
    const reply = all.find((x) => x.parentId && all.some((p) => p.id === `${x.platform}_${x.parentId}`));
    const rctx = (await client.get(`/api/comments/${reply.id}/context`)).json;
    expect(rctx.parent.id).toBe(`${reply.platform}_${reply.parentId}`);
    const igAd = all.find((x) => x.platform === 'instagram' && x.adId);
    expect((await client.get(`/api/comments/${igAd.id}/context`)).json.post.label).toBe('Ad');
    expect((await client.get('/api/comments/nope/context')).status).toBe(404);
  });
});

describe('the queue: bulk and keyset paging', () => {
  it('bulk approve of 200 comments: a result for each; the queue empties; a second bulk reports conflicts', async () => {
    const { client, user } = await signedIn('bulk');
    const comments = Array.from({ length: 200 }, () => makeComment({ status: 'processed', aiDecision: decision() }));
    await seed(user.workspaceId, comments);
    const ids = comments.map((c) => c.id);
    // Past 100 comments a bulk action is a job; its result is the same per-comment answer.
    const res = await client.post('/api/comments/bulk', { action: 'approve', ids });
    expect(res.status, res.text).toBe(202);
    const result = (await finishedJob(client, res.json.job)).result;
    expect(result).toMatchObject({ total: 200, succeeded: 200, failed: 0 });
    expect(result.results.map((r: any) => r.id)).toEqual(ids);
    expect((await client.get('/api/comments?pendingOnly=true')).json.total).toBe(0);
    const audit = (await client.get('/api/audit-log?limit=500')).json.entries.filter((e: any) => e.action === 'bulkComments');
    expect(audit.map((e: any) => e.target).sort()).toEqual(ids.map((id) => `/api/comments/${id}/approve`).sort());
    const again = await client.post('/api/comments/bulk', { action: 'dismiss', ids: [...ids.slice(0, 2), 'no-such-id'] });
    expect(again.json).toMatchObject({ total: 3, succeeded: 0, failed: 3 });
    expect(again.json.results.map((r: any) => r.reason)).toEqual(['conflict', 'conflict', 'not_found']);
    expect((await client.post('/api/comments/bulk', { action: 'approve' })).status).toBe(400);
    expect((await client.post('/api/comments/bulk', { action: 'explode', ids })).status).toBe(400);
  });

  it('bulk by filter dismisses every matching queue comment and nothing else', async () => {
    const { client, user } = await signedIn('bulkfilter');
    await setPlan(user.workspaceId, 'growth'); // acting by language is a Growth feature
    const es = Array.from({ length: 5 }, () => makeComment({ status: 'processed', aiDecision: decision({ language: 'es' }) }));
    const en = Array.from({ length: 3 }, () => makeComment({ status: 'processed', aiDecision: decision({ language: 'en' }) }));
    await seed(user.workspaceId, [...es, ...en]);
    const res = await client.post('/api/comments/bulk', { action: 'dismiss', filter: { language: 'es' } });
    expect(res.json).toMatchObject({ total: 5, succeeded: 5 });
    const left = (await client.get('/api/comments?pendingOnly=true&limit=100')).json.comments.map((c: any) => c.id).sort();
    expect(left).toEqual(en.map((c) => c.id).sort());
  });

  it('keyset paging walks every comment once, newest first; filters by decision and language; priority sort', async () => {
    const { client, user } = await signedIn('paging');
    await setPlan(user.workspaceId, 'growth'); // the language filter is a Growth feature
    const comments = Array.from({ length: 27 }, (_, i) => makeComment({
      status: 'processed',
      aiDecision: decision({ decision: i % 3 === 0 ? 'hide' : 'ignore', language: i % 2 ? 'fr' : 'en', ...(i === 5 ? { priority: 'urgent' as const } : {}), ...(i === 9 ? { category: 'question' as const } : {}) }),
    }));
    await seed(user.workspaceId, comments);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (await client.get(`/api/comments?limit=10${cursor ? `&cursor=${cursor}` : ''}`)).json;
      expect(page.total).toBe(27);
      seen.push(...page.comments.map((c: any) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    const newestFirst = [...comments].sort((a, b) => b.timestamp.localeCompare(a.timestamp)).map((c) => c.id);
    expect(seen).toEqual(newestFirst);
    const hides = (await client.get('/api/comments?decision=hide&limit=100')).json;
    expect(hides.total).toBe(9);
    expect(hides.comments.every((c: any) => c.aiDecision.decision === 'hide')).toBe(true);
    const fr = (await client.get('/api/comments?pendingOnly=true&language=fr&limit=5')).json;
    expect(fr.total).toBe(13);
    expect(fr.comments).toHaveLength(5);
    const prio = (await client.get('/api/comments?pendingOnly=true&sort=priority&limit=3')).json;
    expect(prio.comments.map((c: any) => c.id)).toEqual([comments[5]!.id, comments[9]!.id, comments[0]!.id]);
    const next = (await client.get(`/api/comments?pendingOnly=true&sort=priority&limit=3&cursor=${prio.nextCursor}`)).json;
    expect(next.comments[0].id).toBe(comments[1]!.id);
    expect((await client.get('/api/comments?pendingOnly=true&minConfidence=81')).json.total).toBe(0);
    expect((await client.get('/api/comments?pendingOnly=true&minConfidence=80')).json.total).toBe(27);
    const found = (await client.get(`/api/comments?pendingOnly=true&search=${encodeURIComponent(comments[3]!.content)}`)).json;
    expect(found.comments.map((c: any) => c.id)).toEqual([comments[3]!.id]);
    expect((await client.get('/api/comments?cursor=bogus')).status).toBe(400);
  });
});
