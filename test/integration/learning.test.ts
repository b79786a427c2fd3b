/**
 * Learning from moderators, the cross-post memory and autopilot (issue 10 items 8-9, issue 11 item 3),
 * through the local stack and the Meta sandbox: a moderator deletes a spam and the same spam posted
 * under other posts (already waiting in the queue, or arriving later) is hidden automatically, once
 * each, logged and undoable; a comment a moderator
 * kept is kept again when its text comes back; autopilot off leaves a scam for a human, on hides it
 * (undo unhides), and its settings are validated.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DEFAULT_AUTOPILOT_THRESHOLDS } from '@cg/shared/autopilot';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
const { store } = await import('../support/seed.js');
const workspaces = await import('../../functions/src/store/workspaces.js');

const until = async <T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> => {
  for (const deadline = Date.now() + 45_000; Date.now() < deadline;) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

const today = () => new Date().toISOString().slice(0, 10);

/** Calls that hide or unhide a Facebook comment on the sandbox (POST /{comment-id} is_hidden). */
async function hideCalls(): Promise<number> {
  return (await control('state')).calls.byRoute['POST fbComment'] ?? 0;
}

async function sandboxComment(externalId: string): Promise<any> {
  return (await control('comments?deleted=true')).comments.find((c: any) => c.id === externalId);
}

/** A signed-in workspace with the sandbox page connected. */
async function workspace(tag: string, autoAnalyze: boolean) {
  const { client, user } = await signedIn(tag);
  await workspaces.setWorkspaceFields(user.workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze });
  expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
  const page = (await control('state')).pages[0] as { id: string; name: string };
  const workspaceId: string = user.workspaceId;
  const post = async (message: string, target?: string): Promise<string> => {
    const created = await control('comments', { pageId: page.id, platform: 'facebook', ad: false, message, ...(target ? { target } : {}) });
    await control('webhooks/flush', {});
    return created.comment.id;
  };
  const stored = (externalId: string, ready: (c: any) => boolean = () => true): Promise<any> =>
    until(`comment ${externalId} stored`, async () => { const c = (await store.getComment(workspaceId, `facebook_${externalId}`))?.comment; return c && ready(c) ? c : null; });
  const log = async (): Promise<any[]> => (await client.get('/api/automation?limit=200')).json.entries;
  return { client, workspaceId, page, post, stored, log };
}

describe('cross-post memory: a text a moderator removed is removed wherever it appears again', () => {
  let w: Awaited<ReturnType<typeof workspace>>;
  const SPAM = 'Congratulations!! You won a FREE iPhone 17 🎁 claim it now at bit.ly/free-phone-now';

  beforeAll(async () => {
    await control('reset', {});
    // Arrivals stay pending: the memory acts before any analysis.
    w = await workspace('crosspost', false);
  });

  it('a moderator deletes a spam; its copies under other posts are hidden automatically, once each, with the reason; undo unhides', async () => {
    const first = await w.post(SPAM);
    const original = await w.stored(first);
    // A copy already waiting in the queue when the moderator acts.
    const waiting = await w.post(`${SPAM} !!`);
    await w.stored(waiting);
    const deleted = await w.client.post(`/api/comments/${original.id}/delete`);
    expect(deleted.status, deleted.text).toBe(200);
    expect((await sandboxComment(first)).deleted).toBe(true);
    // The delete swept the waiting copy: hidden, logged with the reason.
    expect((await sandboxComment(waiting)).hidden).toBe(true);
    // Its entry is written just after the platform accepted the hide: wait for it, then there is exactly one.
    await until('the sweep\'s Automation log entry', async () => (await w.log()).some((e) => e.commentId === `facebook_${waiting}`) || null);
    expect((await w.log()).filter((e) => e.commentId === `facebook_${waiting}`)).toEqual([
      expect.objectContaining({ source: 'cross_post', reason: `same as a comment a moderator deleted on ${today()}`, outcome: 'done' }),
    ]);

    // The same spam pasted again under other posts (case, spacing and emoji changed), and an ordinary comment.
    const targets = [...new Set((await control('comments')).comments.filter((c: any) => c.pageId === w.page.id && c.postId && c.postId !== original.postId).map((c: any) => c.postId as string))].slice(0, 3) as string[];
    const hidesBefore = await hideCalls();
    const copies = [
      await w.post(SPAM.toUpperCase(), targets[0]),
      await w.post(`${SPAM.replace(/ /g, '  ')} 🔥🔥`, targets[1]),
      await w.post(`@Maria ${SPAM}`, targets[2]),
    ];
    const clean = await w.post('Congratulations on the new store in Porto! When do you open?');
    for (const id of copies) await until(`copy ${id} hidden on the page`, async () => (await sandboxComment(id))?.hidden === true);

    const reason = `same as a comment a moderator deleted on ${today()}`;
    for (const id of copies) {
      const c = await w.stored(id, (x) => x.isHidden === true);
      expect(c.status).toBe('approved');
      // The history entry is written just after the comment: wait for it, then check it.
      const history = await until(`history of ${id}`, async () => {
        const h = (await w.client.get(`/api/comments/${c.id}/history`)).json;
        return h.length ? h : null;
      });
      expect(history).toEqual([expect.objectContaining({ action: 'hide', by: `automation: ${reason}` })]);
    }
    const logged = async (ids: string[], n: number) => until(`${n} Automation log entries`, async () => {
      const mine = (await w.log()).filter((e) => ids.some((id) => e.commentId === `facebook_${id}`));
      return mine.length >= n ? mine : null;
    });
    const entries = await logged(copies, 3);
    expect(entries).toHaveLength(3);
    for (const e of entries) expect(e).toMatchObject({ source: 'cross_post', reason, outcome: 'done', action: { type: 'hide' }, undoable: true });
    // The audit log names each automatic change too.
    const automatic = async () => (await w.client.get('/api/audit-log?limit=500')).json.entries.filter((e: any) => e.actorId === 'automation');
    const audit = await until('audit entries of the copies', async () => { const a = await automatic(); return copies.every((id) => a.some((e: any) => e.target === `facebook_${id}`)) ? a : null; });
    for (const id of copies) {
      expect(audit.filter((e: any) => e.target === `facebook_${id}`)).toEqual([expect.objectContaining({ action: 'cross_post:hide', changes: expect.objectContaining({ reason }) })]);
    }

    // The same webhooks delivered again, then one more copy: the repeats change nothing, the new copy is hidden once.
    await control('webhooks/send', { commentIds: copies, verb: 'add' });
    const late = await w.post(SPAM);
    await until('the late copy hidden on the page', async () => (await sandboxComment(late))?.hidden === true);
    expect(await logged([...copies, late], 4)).toHaveLength(4);
    // Exactly one hide call on the platform per copy.
    expect(await hideCalls() - hidesBefore).toBe(4);

    // The ordinary comment is left alone.
    expect((await w.stored(clean)).isHidden).toBeFalsy();
    expect((await sandboxComment(clean)).hidden).toBe(false);
    expect((await w.log()).some((e) => e.commentId === `facebook_${clean}`)).toBe(false);

    // Undo from the Automation log unhides on the page; the moderator's unhide is remembered: the text is kept next time.
    const entry = entries.find((e) => e.commentId === `facebook_${copies[0]}`);
    const undone = await w.client.post('/api/automation/undo', { ids: [entry.id] });
    expect(undone.json.results).toEqual([{ id: entry.id, ok: true }]);
    expect((await sandboxComment(copies[0]!)).hidden).toBe(false);
    expect((await store.getComment(w.workspaceId, `facebook_${copies[0]}`))!.comment.isHidden).toBe(false);
  });
});

describe('autopilot per brand', () => {
  let w: Awaited<ReturnType<typeof workspace>>;
  const SCAM_OFF = 'Meta Support: your page violated our community standards and will be disabled in 24h. Verify here: meta-business-appeal.xyz';
  const SCAM_ON = 'I made $8,000 in a week trading bitcoin with Mrs Emily, message her on WhatsApp +1 (415) 555 0199';

  beforeAll(async () => {
    await control('reset', {});
    w = await workspace('autopilot', true);
  });

  it('settings: off by default with the calibrated thresholds; validated; saved per brand', async () => {
    const got = await w.client.get(`/api/brands/${w.page.id}/autopilot`);
    expect(got.status, got.text).toBe(200);
    expect(got.json).toMatchObject({ brandId: w.page.id, enabled: false, thresholds: DEFAULT_AUTOPILOT_THRESHOLDS, removal: 'hide' });
    const bad = await w.client.put(`/api/brands/${w.page.id}/autopilot`, { enabled: true, thresholds: { spam: 20 } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('between 50 and 100');
    const unknown = await w.client.put('/api/brands/no-such-brand/autopilot', { enabled: true });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('no-such-brand');
  });

  it('off: a scam is decided but left for a human; on: a scam over the threshold is hidden with its reasons, and undo unhides it', async () => {
    const off = await w.post(SCAM_OFF);
    const decided = await w.stored(off, (c) => c.status === 'processed');
    expect(decided.aiDecision).toMatchObject({ category: 'scam' });
    expect(decided.aiDecision.confidence).toBeGreaterThanOrEqual(DEFAULT_AUTOPILOT_THRESHOLDS.scam);
    // A second comment analysed after it: by then the first one's hand-over (none, autopilot is off) is long done.
    await w.stored(await w.post('Love the new colours, ordering two!'), (c) => c.status === 'processed');

    const on = await w.client.put(`/api/brands/${w.page.id}/autopilot`, { enabled: true });
    expect(on.status, on.text).toBe(200);
    expect(on.json).toMatchObject({ enabled: true, thresholds: DEFAULT_AUTOPILOT_THRESHOLDS });
    expect((await w.client.get(`/api/brands/${w.page.id}/autopilot`)).json.enabled).toBe(true);

    const scam = await w.post(SCAM_ON);
    await until('the scam hidden on the page', async () => (await sandboxComment(scam))?.hidden === true);
    const hidden = await w.stored(scam, (c) => c.isHidden === true);
    expect(hidden.status).toBe('approved');
    // The log entry is written once the action is recorded.
    const [entry, ...more] = await until('the autopilot entry', async () => { const mine = (await w.log()).filter((e) => e.commentId === `facebook_${scam}`); return mine.length ? mine : null; });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ source: 'autopilot', outcome: 'done', action: { type: 'hide' }, undoable: true });
    expect(entry.reason).toMatch(/^autopilot: scam at confidence \d+ ≥ 80/);

    // The scam decided while autopilot was off stays in the queue, visible on the page.
    expect((await store.getComment(w.workspaceId, `facebook_${off}`))!.comment).toMatchObject({ status: 'processed' });
    expect((await sandboxComment(off)).hidden).toBe(false);
    expect((await w.log()).some((e) => e.commentId === `facebook_${off}`)).toBe(false);

    const undone = await w.client.post('/api/automation/undo', { ids: [entry.id] });
    expect(undone.json.results).toEqual([{ id: entry.id, ok: true }]);
    expect((await sandboxComment(scam)).hidden).toBe(false);
  });

  it('on: a question matching the knowledge base is answered with no human; undo deletes our reply', async () => {
    const kb = await w.client.post(`/api/brands/${w.page.id}/knowledge`, { topic: 'shipping', title: 'Shipping to Canada', questions: ['Do you ship to Canada?', 'How long is delivery to Canada?'], answer: 'Yes, we ship to Canada in 5-7 business days for $15.', language: 'en' });
    expect(kb.status, kb.text).toBe(201);
    expect((await w.client.put(`/api/brands/${w.page.id}/autopilot`, { enabled: true })).status).toBe(200);
    const question = await w.post('Do you ship to Canada? How long does it take?');
    const ours = async () => (await control('comments')).comments.filter((c: any) => c.parentId === question && c.fromPage && !c.deleted);
    const [reply] = await until('our answer on the page', async () => { const r = await ours(); return r.length ? r : null; });
    expect(reply.text).toContain('5-7 business days');
    const [entry, ...more] = await until('the autopilot entry', async () => { const mine = (await w.log()).filter((e) => e.commentId === `facebook_${question}`); return mine.length ? mine : null; });
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ source: 'autopilot', outcome: 'done', action: { type: 'reply', knowledgeBase: true }, undoable: true });
    expect(entry.reason).toMatch(/^autopilot: answer at confidence \d+ ≥ 90 \(.*matches answer: Shipping to Canada/);
    expect((await w.stored(question)).status).toBe('replied');
    const undone = await w.client.post('/api/automation/undo', { ids: [entry.id] });
    expect(undone.json.results).toEqual([{ id: entry.id, ok: true }]);
    expect(await ours()).toEqual([]);
    expect((await w.client.put(`/api/brands/${w.page.id}/autopilot`, { enabled: false })).status).toBe(200);
  });

  it('a comment near-identical to one a moderator handled is decided the way the moderator decided, with that reason', async () => {
    const text = 'Is the linen shirt coming back in navy? Asking for the third time';
    const first = await w.stored(await w.post(text), (c) => c.status === 'processed');
    expect(first.aiDecision.decision).not.toBe('ignore');
    const dismissed = await w.client.post(`/api/comments/${first.id}/dismiss`);
    expect(dismissed.status, dismissed.text).toBe(200);
    const again = await w.stored(await w.post(`${text.toUpperCase()}!!`), (c) => c.status === 'processed');
    expect(again.aiDecision.decision).toBe('ignore');
    expect(again.aiDecision.reasons[0]).toBe(`same as a comment a moderator kept on ${today()}`);
  });
});
