/**
 * Rules, their backtest, saved replies and the Automation log (issue 11 items 1, 2, 5) against the
 * local stack and the Meta sandbox: the contract (201 + id, PUT, DELETE, 4xx on bad rules); a rule in
 * mode `on` hides a new link comment on the page with no human, `shadow` only logs, `off` does
 * nothing; saved replies fill their placeholders; undo from the Automation log; a backtest's counts
 * equal a recount of the seeded history.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Comment } from '@cg/shared';
import { Client, signedIn } from '../support/client.js';
import { connectThroughSandbox, control } from '../support/meta.js';

Object.assign(process.env, inject('stackEnv'));
const { decision, makeComment, seed, store } = await import('../support/seed.js');
const workspaces = await import('../../functions/src/store/workspaces.js');

const until = async <T>(what: string, probe: () => Promise<T | undefined | null | false>): Promise<T> => {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
};

async function sandboxComment(externalId: string): Promise<any> {
  return (await control('comments?deleted=true')).comments.find((c: any) => c.id === externalId);
}

describe('rules on new comments, through the Meta sandbox', () => {
  let client: Client;
  let workspaceId: string;
  let page: { id: string; name: string };

  /** Posts a comment on the sandbox page (it arrives by webhook); returns its platform id. */
  async function post(message: string, fromName?: string): Promise<string> {
    const created = await control('comments', { pageId: page.id, platform: 'facebook', ad: false, message, ...(fromName ? { fromName } : {}) });
    await control('webhooks/flush', {});
    return created.comment.id;
  }
  const stored = (externalId: string) => until(`comment ${externalId} stored`, async () => (await store.getComment(workspaceId, `facebook_${externalId}`))?.comment);
  const logEntries = async (): Promise<any[]> => (await client.get('/api/automation?limit=200')).json.entries;
  const entriesFor = (externalId: string) => until(`Automation log entries for ${externalId}`, async () => {
    const mine = (await logEntries()).filter((e) => e.commentId === `facebook_${externalId}`);
    return mine.length ? mine : null;
  });
  const createRule = async (rule: object) => {
    const res = await client.post('/api/rules', rule);
    expect(res.status, res.text).toBe(201);
    return res.json;
  };
  const setMode = async (rule: any, mode: string) => {
    const res = await client.put(`/api/rules/${rule.id}`, { name: rule.name, brandId: rule.brandId, mode, conditions: rule.conditions, action: rule.action });
    expect(res.status, res.text).toBe(200);
    return res.json;
  };

  beforeAll(async () => {
    await control('reset', {});
    const { client: c, user } = await signedIn('rules');
    client = c;
    workspaceId = user.workspaceId;
    // Arrivals stay pending: the rules here need no analysis.
    await workspaces.setWorkspaceFields(workspaceId, { subscriptionPlan: 'ultimate', autoAnalyze: false });
    expect(await connectThroughSandbox(client)).toBe('/settings?success=connected');
    page = (await control('state')).pages[0];
  });

  it('contract: POST answers 201 with the rule and its id; GET lists it; PUT changes it; DELETE removes it', async () => {
    const body = { name: 'No phone numbers', mode: 'shadow', conditions: [{ type: 'phone' }], action: { type: 'flag', label: 'contact' } };
    const created = await client.post('/api/rules', body);
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ ...body, brandId: null });
    expect(typeof created.json.id).toBe('string');
    const id = created.json.id;
    expect((await client.get('/api/rules')).json.map((r: any) => r.id)).toContain(id);
    const updated = await client.put(`/api/rules/${id}`, { ...body, mode: 'off', brandId: null });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({ id, mode: 'off' });
    expect((await client.get('/api/rules')).json.find((r: any) => r.id === id).mode).toBe('off');
    expect((await client.delete(`/api/rules/${id}`)).status).toBe(200);
    expect((await client.get('/api/rules')).json.map((r: any) => r.id)).not.toContain(id);
    expect((await client.delete(`/api/rules/${id}`)).status).toBe(404);
    expect((await client.put(`/api/rules/${id}`, body)).status).toBe(404);
  });

  it('contract: a bad rule is a 400 that says what is wrong', async () => {
    const ok = { name: 'r', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } };
    const refused = async (over: object, says: string) => {
      const res = await client.post('/api/rules', { ...ok, ...over });
      expect(res.status, res.text).toBe(400);
      expect(res.text).toContain(says);
    };
    await refused({ mode: 'always' }, 'mode');
    await refused({ conditions: [] }, 'at least one condition');
    await refused({ conditions: [{ type: 'regex', pattern: '(a+)+$' }] }, 'nested quantifiers');
    await refused({ conditions: [{ type: 'regex', pattern: '[oops' }] }, 'does not compile');
    await refused({ action: { type: 'reply', savedReplyId: 'nope' } }, 'saved reply');
    await refused({ brandId: 'no-such-brand' }, 'no brand');
    await refused({ action: { type: 'teleport' } }, 'action');
  });

  it('mode on: a new comment with a link is hidden on the page with no human; the reason is the rule name; undo unhides it', async () => {
    const rule = await createRule({ name: 'No links', mode: 'on', conditions: [{ type: 'link' }], action: { type: 'hide' } });
    const spam = await post('Cheap followers at https://followers-cheap.xyz/now');
    const clean = await post('Do you ship to Porto?');
    await until('the link comment hidden on the page', async () => (await sandboxComment(spam))?.hidden === true);
    // Recorded once the platform accepted it.
    const hidden = await until('the hide recorded', async () => { const c = await stored(spam); return c.isHidden ? c : null; });
    expect(hidden).toMatchObject({ isHidden: true, status: 'approved' });
    const history = (await client.get(`/api/comments/${hidden.id}/history`)).json;
    expect(history).toEqual([expect.objectContaining({ action: 'hide', by: 'automation: No links' })]);
    const [entry] = await entriesFor(spam);
    expect(entry).toMatchObject({ ruleId: rule.id, reason: 'No links', source: 'rule', mode: 'on', outcome: 'done', action: { type: 'hide' }, undoable: true });
    // The clean comment: stored, visible, nothing logged.
    expect((await stored(clean)).isHidden).toBeFalsy();
    expect((await sandboxComment(clean)).hidden).toBe(false);
    expect((await logEntries()).some((e) => e.commentId === `facebook_${clean}`)).toBe(false);

    const undone = await client.post('/api/automation/undo', { ids: [entry.id] });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json.results).toEqual([{ id: entry.id, ok: true }]);
    expect((await sandboxComment(spam)).hidden).toBe(false);
    expect((await store.getComment(workspaceId, hidden.id))!.comment.isHidden).toBe(false);
    expect((await logEntries()).find((e) => e.id === entry.id).undoneAt).toBeTruthy();
    const again = await client.post('/api/automation/undo', { ids: [entry.id] });
    expect(again.json.results[0]).toMatchObject({ ok: false, message: expect.stringContaining('Already undone') });
    await setMode(rule, 'off');
  });

  it('mode shadow logs what it would have done and acts on nothing; mode off does nothing', async () => {
    const shadow = await createRule({ name: 'Shadow links', mode: 'shadow', conditions: [{ type: 'link' }, { type: 'keyword', values: ['shadowcheck'] }], action: { type: 'hide' } });
    const off = await createRule({ name: 'Off links', mode: 'off', conditions: [{ type: 'link' }], action: { type: 'delete' } });
    // A rule in mode on, flagging the same comments: once its entry is logged, every rule has had its turn on them.
    await createRule({ name: 'Canary', mode: 'on', conditions: [{ type: 'keyword', values: ['shadowcheck'] }], action: { type: 'flag', label: 'seen' } });

    const c = await post('shadowcheck: visit https://deals-now.xyz');
    const entries = await until('shadow and canary entries', async () => {
      const mine = (await logEntries()).filter((e) => e.commentId === `facebook_${c}`);
      return mine.length >= 2 ? mine : null;
    });
    expect(entries.map((e) => [e.reason, e.outcome]).sort()).toEqual([['Canary', 'done'], ['Shadow links', 'shadow']]);
    expect(entries.find((e) => e.reason === 'Shadow links')).toMatchObject({ ruleId: shadow.id, mode: 'shadow', undoable: false, action: { type: 'hide' } });
    expect(entries.some((e) => e.ruleId === off.id)).toBe(false);
    expect(await sandboxComment(c)).toMatchObject({ hidden: false, deleted: false });
    const s = await stored(c);
    expect(s).toMatchObject({ status: 'pending', flags: ['seen'] });
    expect(s.isHidden).toBeFalsy();
    // Undoing a shadow entry is refused: nothing happened.
    const shadowEntry = entries.find((e) => e.reason === 'Shadow links');
    expect((await client.post('/api/automation/undo', { ids: [shadowEntry.id] })).json.results[0]).toMatchObject({ ok: false, message: expect.stringContaining('shadow') });
    for (const r of (await client.get('/api/rules')).json) await setMode(r, 'off');
  });

  it('saved replies: CRUD; a rule replies with the placeholders filled; undo deletes our reply; a delete cannot be undone', async () => {
    const created = await client.post('/api/saved-replies', { name: 'Price', language: 'en', text: 'Hi {first_name}, prices are on our site. — {brand}' });
    expect(created.status, created.text).toBe(201);
    const saved = created.json;
    expect(saved).toMatchObject({ name: 'Price', language: 'en' });
    expect((await client.post('/api/saved-replies', { name: '', text: 'x' })).status).toBe(400);
    const edited = await client.put(`/api/saved-replies/${saved.id}`, { name: 'Price', language: 'en', text: 'Hi {first_name}, prices are on our site. Thanks from {brand}!' });
    expect(edited.status, edited.text).toBe(200);
    expect((await client.get('/api/saved-replies')).json.map((r: any) => r.id)).toContain(saved.id);

    await createRule({ name: 'Price answers', mode: 'on', conditions: [{ type: 'keyword', values: ['how much'] }], action: { type: 'reply', savedReplyId: saved.id } });
    const q = await post('How much is the blue one?', 'Joana Silva');
    const [entry] = await entriesFor(q);
    expect(entry, JSON.stringify(entry)).toMatchObject({ outcome: 'done', reason: 'Price answers', undoable: true });
    const ours = async () => (await control('comments')).comments.filter((c: any) => c.parentId === q && c.fromPage && !c.deleted);
    expect((await ours()).map((r: any) => r.text)).toEqual([`Hi Joana, prices are on our site. Thanks from ${page.name}!`]);
    // A saved reply a rule sends cannot be deleted.
    const inUse = await client.delete(`/api/saved-replies/${saved.id}`);
    expect(inUse.status).toBe(409);
    expect(inUse.json.message).toContain('Price answers');

    expect((await client.post('/api/automation/undo', { ids: [entry.id] })).json.results[0]).toEqual({ id: entry.id, ok: true });
    expect(await ours()).toEqual([]);
    expect((await stored(q)).status).toBe('approved');

    await createRule({ name: 'Delete scams', mode: 'on', conditions: [{ type: 'keyword', values: ['crypto doubler'] }], action: { type: 'delete' } });
    const scam = await post('Try the CRYPTO DOUBLER now');
    await until('the scam deleted on the page', async () => (await sandboxComment(scam))?.deleted === true);
    const scamEntries = await entriesFor(scam);
    expect(scamEntries.length, JSON.stringify(scamEntries)).toBe(1);
    const [deleted] = scamEntries;
    expect(deleted, JSON.stringify(deleted)).toMatchObject({ outcome: 'done', undoable: false });
    const refused = await client.post('/api/automation/undo', { ids: [deleted.id, 'no-such-entry'] });
    expect(refused.json.results).toEqual([
      { id: deleted.id, ok: false, message: expect.stringContaining('cannot be restored') },
      { id: 'no-such-entry', ok: false, message: expect.stringContaining('No such entry') },
    ]);
  });

  it('a rule with an AI condition runs once the comment is analysed', async () => {
    const rule = await createRule({ name: 'English questions', mode: 'on', conditions: [{ type: 'keyword', values: ['aicheck'] }, { type: 'language', languages: ['en'] }], action: { type: 'flag', label: 'ai-seen' } });
    const c = await post('aicheck: Hello, is this jacket available in a large size please?');
    const arrived = await stored(c);
    expect(arrived.status).toBe('pending');
    expect((await client.post(`/api/comments/${arrived.id}/process`)).status).toBe(202);
    const [entry] = await entriesFor(c);
    expect(entry).toMatchObject({ ruleId: rule.id, reason: 'English questions', outcome: 'done', action: { type: 'flag', label: 'ai-seen' } });
    const after = await stored(c);
    expect(after).toMatchObject({ status: 'processed', flags: ['ai-seen'] });
    expect(after.aiDecision?.language).toBe('en');
    await setMode(rule, 'off');
  });

  it('a rule sends a saved reply in the comment\'s language when one of the same name exists in it', async () => {
    const en = (await client.post('/api/saved-replies', { name: 'Thanks', language: 'en', text: 'Thank you {first_name}!' })).json;
    expect((await client.post('/api/saved-replies', { name: 'Thanks', language: 'pt', text: 'Obrigado, {first_name}!' })).status).toBe(201);
    const rule = await createRule({ name: 'Thank fans', mode: 'on', conditions: [{ type: 'keyword', values: ['adorei'] }, { type: 'language', languages: ['pt', 'en'] }], action: { type: 'reply', savedReplyId: en.id } });
    const c = await post('Adorei este casaco, a qualidade é excelente e chegou muito rápido!', 'Maria Souza');
    expect((await client.post(`/api/comments/${(await stored(c)).id}/process`)).status).toBe(202);
    const [entry] = await entriesFor(c);
    expect(entry, JSON.stringify(entry)).toMatchObject({ outcome: 'done', reason: 'Thank fans' });
    const replies = (await control('comments')).comments.filter((x: any) => x.parentId === c && x.fromPage && !x.deleted);
    expect(replies.map((r: any) => r.text)).toEqual(['Obrigado, Maria!']);
    await setMode(rule, 'off');
  });

  it('a comment the webhooks missed, found by a sync, goes through the rules too', async () => {
    const rule = await createRule({ name: 'Sync check', mode: 'on', conditions: [{ type: 'keyword', values: ['missedhook'] }], action: { type: 'hide' } });
    const created = await control('comments', { pageId: page.id, platform: 'facebook', ad: false, message: 'missedhook: buy followers', webhook: false });
    const sync = await client.post('/api/sync-comments');
    expect([200, 202], sync.text).toContain(sync.status);
    await until('the synced comment hidden on the page', async () => (await sandboxComment(created.comment.id))?.hidden === true);
    const [entry] = await entriesFor(created.comment.id);
    expect(entry).toMatchObject({ reason: 'Sync check', outcome: 'done' });
    await setMode(rule, 'off');
  });

  it('the Automation log is paged newest first', async () => {
    const all = await logEntries();
    expect(all.length).toBeGreaterThanOrEqual(5);
    const first = await client.get('/api/automation?limit=2');
    expect(first.json.entries.map((e: any) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const second = await client.get(`/api/automation?limit=2&cursor=${encodeURIComponent(first.json.nextCursor)}`);
    expect(second.json.entries.map((e: any) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    expect([...all].sort((a, b) => b.at.localeCompare(a.at)).map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect((await client.get('/api/automation?cursor=garbage')).status).toBe(400);
  });
});

describe('backtest', () => {
  const day = 86_400_000;
  // What moderators did with a comment; whether it counts as kept is written out here, independently of the engine.
  const outcomes = [
    { over: { status: 'approved' }, kept: true }, { over: { status: 'approved', dismissed: true }, kept: true }, { over: { status: 'replied' }, kept: true },
    { over: { status: 'approved', isHidden: true }, kept: false }, { over: { status: 'deleted' }, kept: false },
    { over: { status: 'pending' }, kept: false }, { over: { status: 'processed' }, kept: false },
  ] as const;
  const linkTexts = ['Win at https://prize-now.xyz', 'see www.example.com/deal', 'go to cheap-pills dot xyz', 'http://bit.ly/abc free'];
  const plainTexts = ['Lovely colours!', 'Where is my order?', 'Ótimo produto, obrigado', 'Price in euro. Thanks.'];

  /** Seeds n comments over the last 20 days; each says whether it holds a link and whether moderators kept it. */
  async function seedHistory(workspaceId: string, n: number) {
    const now = Date.now();
    const seeded: { c: Comment; link: boolean; daysAgo: number; kept: boolean }[] = [];
    for (let i = 0; i < n; i++) {
      const link = i % 3 === 0;
      const outcome = outcomes[i % outcomes.length]!;
      const daysAgo = (i * 7) % 20; // 0..19 days ago: part inside a 10-day window, part outside
      const c = makeComment({
        content: link ? linkTexts[i % linkTexts.length]! : plainTexts[i % plainTexts.length]!,
        timestamp: new Date(now - daysAgo * day - (i % 1000) * 1000).toISOString(),
        ...outcome.over,
        ...(outcome.over.status === 'pending' ? {} : { aiDecision: decision({}) }),
      } as Partial<Comment>);
      seeded.push({ c, link, daysAgo, kept: outcome.kept });
    }
    await seed(workspaceId, seeded.map((s) => s.c));
    return seeded;
  }

  function expectRecount(result: any, ruleId: string, seeded: Awaited<ReturnType<typeof seedHistory>>) {
    const inWindow = seeded.filter((s) => s.daysAgo < 10);
    const matched = inWindow.filter((s) => s.link);
    expect(result).toMatchObject({
      ruleId, days: 10, scanned: inWindow.length, matched: matched.length, byAction: { hide: matched.length },
      kept: matched.filter((s) => s.kept).length, truncated: false,
    });
    expect(matched.filter((s) => s.kept).length).toBeGreaterThan(0);
    expect(result.byModeratorAction.deleted ?? 0).toBe(matched.filter((s) => s.c.status === 'deleted').length);
    const byId = new Map(seeded.map((s) => [s.c.id, s]));
    expect(result.examples.length).toBe(Math.min(10, matched.length));
    for (const e of result.examples) {
      expect(byId.get(e.commentId)?.link && byId.get(e.commentId)!.daysAgo < 10).toBe(true);
      expect(e.kept).toBe(byId.get(e.commentId)!.kept);
    }
  }

  it('a small history is answered in the request; counts equal a recount: matched, by action, kept by moderators, the window', async () => {
    const { client, user } = await signedIn('backtest');
    const seeded = await seedHistory(user.workspaceId, 70);
    const rule = (await client.post('/api/rules', { name: 'Links', mode: 'off', conditions: [{ type: 'link' }], action: { type: 'hide' } })).json;
    const res = await client.post(`/api/rules/${rule.id}/backtest`, { days: 10 });
    expect(res.status, res.text).toBe(200);
    expectRecount(res.json, rule.id, seeded);
    // Acting on nothing: nothing logged.
    expect((await client.get('/api/automation')).json.entries).toEqual([]);
    expect((await client.post(`/api/rules/${rule.id}/backtest`, { days: 0 })).status).toBe(400);
    expect((await client.post('/api/rules/nope/backtest', { days: 7 })).status).toBe(404);
  });

  it('a large history runs as a job (202), whose result equals a recount', async () => {
    const { client, user } = await signedIn('backtest-job');
    const seeded = await seedHistory(user.workspaceId, 2_100);
    const rule = (await client.post('/api/rules', { name: 'Links', mode: 'shadow', conditions: [{ type: 'link' }], action: { type: 'hide' } })).json;
    const res = await client.post(`/api/rules/${rule.id}/backtest`, { days: 10 });
    expect(res.status, res.text).toBe(202);
    expect(res.json.job).toMatchObject({ kind: 'backtest', status: 'queued' });
    const job = await until('the backtest job to finish', async () => {
      const j = (await client.get(`/api/jobs/${res.json.job.id}`)).json;
      return j.status === 'succeeded' || j.status === 'failed' ? j : null;
    });
    expect(job.status, job.error).toBe('succeeded');
    expectRecount(job.result, rule.id, seeded);
  });
});
