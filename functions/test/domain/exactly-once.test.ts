/**
 * Design D15 with an in-memory store and a fake platform: concurrent requests call the platform
 * once; a claim left open by a crash or a lost answer is resolved from the platform's state, never
 * by a blind second call; a refusal records nothing but the reason.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '@cg/shared';
import * as actions from '../../src/domain/actions.js';
import type { StoredComment } from '../../src/domain/model.js';
import { PlatformActionError, PlatformOutcomeUnknown, type PlatformActionsPort, type PlatformCommentState } from '../../src/domain/ports.js';
import { bindStore, type ActionClaim, type ClaimKey, type StorePort } from '../../src/domain/store-port.js';

const WS = 'ws1';
let comments: Map<string, StoredComment>;
let claims: Map<string, ActionClaim>;
let history: { commentId: string; action: string }[];
const k = (c: ClaimKey) => `${c.commentId}|${c.action}|${c.attempt}`;
const tick = () => new Promise((r) => setTimeout(r, 0));

function bindMemory(): void {
  comments = new Map();
  claims = new Map();
  history = [];
  const held = (c: ClaimKey, lease: string, set: Partial<ActionClaim>) => {
    const cur = claims.get(k(c));
    if (!cur || cur.state !== 'open' || cur.lease !== lease) return false;
    claims.set(k(c), { ...cur, ...set });
    return true;
  };
  bindStore({
    comments: {
      getComment: async (_ws: string, id: string) => { await tick(); return comments.get(id) ?? null; },
      writeComment: async (before: StoredComment | null, after: Omit<StoredComment, 'version' | 'updatedAt'>) => {
        await tick();
        const cur = comments.get(after.comment.id);
        if ((cur?.version ?? 0) !== (before?.version ?? 0)) return null;
        const next = { ...after, version: (before?.version ?? 0) + 1, updatedAt: new Date().toISOString() };
        comments.set(after.comment.id, next);
        return next;
      },
    },
    claims: {
      claimAction: async (c: ActionClaim) => { await tick(); const cur = claims.get(k(c)); if (cur) return cur; claims.set(k(c), c); return null; },
      getClaim: async (c: ClaimKey) => claims.get(k(c)) ?? null,
      listClaims: async (_ws: string, commentId: string, action: string) => [...claims.values()].filter((c) => c.commentId === commentId && c.action === action),
      markClaimRecorded: async (c: ClaimKey) => { const cur = claims.get(k(c)); if (cur) claims.set(k(c), { ...cur, recorded: true }); },
      completeClaim: async (c: ClaimKey, lease: string, platformId?: string) => held(c, lease, { state: 'done', completedAt: new Date().toISOString(), uncertain: false, ...(platformId ? { platformId } : {}) }),
      refuseClaim: async (c: ClaimKey, lease: string, error: string) => held(c, lease, { state: 'refused', error }),
      markClaimUncertain: async (c: ClaimKey, lease: string) => held(c, lease, { uncertain: true }),
      takeOverClaim: async (c: ClaimKey, old: string, lease: string) => held(c, old, { lease, claimedAt: new Date().toISOString(), uncertain: false }),
      addHistory: async (_ws: string, commentId: string, e: { action: string }) => { history.push({ commentId, action: e.action }); return e; },
      listHistory: async () => [],
    },
  } as unknown as StorePort);
}

/** A page on the platform: the replies posted on it, and an optional fault for the next call. */
function fakePlatform() {
  const replies: { id: string; text: string }[] = [];
  let hidden = false;
  let next: 'refuse' | 'lost' | null = null;
  const calls = { reply: 0, hide: 0, state: 0 };
  const fail = (effect: () => void) => {
    const f = next;
    next = null;
    if (f === 'refuse') throw new PlatformActionError('(#10) not allowed');
    effect();
    if (f === 'lost') throw new PlatformOutcomeUnknown('timeout');
  };
  const port = {
    async reply(_ws: string, _c: Comment, text: string) {
      calls.reply++;
      await tick();
      let id = '';
      fail(() => { id = `r${replies.length + 1}`; replies.push({ id, text }); });
      return { id };
    },
    async hide() { calls.hide++; await tick(); fail(() => { hidden = true; }); },
    async commentState(): Promise<PlatformCommentState> { calls.state++; return { exists: true, hidden, pageReplies: [...replies], canReplyPrivately: true }; },
  } as unknown as PlatformActionsPort;
  return { port, replies, calls, failNext: (f: 'refuse' | 'lost') => { next = f; }, isHidden: () => hidden };
}

function put(over: Partial<Comment> = {}): StoredComment {
  const s: StoredComment = {
    workspaceId: WS, version: 1, updatedAt: '', review: null,
    comment: { id: 'facebook_1', platform: 'facebook', authorName: 'Ann', authorId: 'a1', content: 'Hi', timestamp: new Date().toISOString(), status: 'pending', aiDecision: null, accountId: 'acc', ...over },
  };
  comments.set(s.comment.id, s);
  return s;
}

const notifier = { notify: async () => undefined, disconnectMember: async () => undefined };

describe('exactly once (D15)', () => {
  beforeEach(bindMemory);

  it('ten concurrent replies call the platform once; the others get the result or a 409', async () => {
    put();
    const p = fakePlatform();
    const deps = { platform: p.port, notifier };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => actions.reply(deps, WS, 'facebook_1', 'Thanks!', 'Mod')));
    expect(p.calls.reply).toBe(1);
    expect(p.replies).toEqual([{ id: 'r1', text: 'Thanks!' }]);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/already|another|changed/);
    expect(comments.get('facebook_1')!.comment).toMatchObject({ status: 'replied', reply: { id: 'r1', text: 'Thanks!' } });
    expect(history).toEqual([{ commentId: 'facebook_1', action: 'reply' }]);
  });

  it('a lost answer: the retry finds the reply on the platform and records it without posting again', async () => {
    put();
    const p = fakePlatform();
    const deps = { platform: p.port, notifier };
    p.failNext('lost');
    await expect(actions.reply(deps, WS, 'facebook_1', 'Hello', null)).rejects.toThrow(/not known whether/);
    expect(comments.get('facebook_1')!.comment.status).toBe('pending');
    const done = await actions.reply(deps, WS, 'facebook_1', 'Hello', null);
    expect(p.calls.reply).toBe(1);
    expect(p.calls.state).toBe(1);
    expect(done).toMatchObject({ status: 'replied', reply: { id: 'r1', text: 'Hello' } });
  });

  it('ten concurrent retries after a lost answer: no second post and one history entry', async () => {
    put();
    const p = fakePlatform();
    const deps = { platform: p.port, notifier };
    p.failNext('lost');
    await expect(actions.reply(deps, WS, 'facebook_1', 'Hello', null)).rejects.toThrow(/not known whether/);
    await Promise.allSettled(Array.from({ length: 10 }, () => actions.reply(deps, WS, 'facebook_1', 'Hello', null)));
    expect(p.calls.reply).toBe(1);
    expect(history).toEqual([{ commentId: 'facebook_1', action: 'reply' }]);
    expect(comments.get('facebook_1')!.comment.status).toBe('replied');
  });

  it('a claim left open by a crash is resolved after its lease: not done on the platform → acted once', async () => {
    const s = put({ status: 'processed' });
    const p = fakePlatform();
    const deps = { platform: p.port, notifier };
    claims.set(k({ workspaceId: WS, commentId: s.comment.id, action: 'hide', attempt: s.version }), {
      workspaceId: WS, commentId: s.comment.id, action: 'hide', attempt: s.version, state: 'open', lease: 'dead', by: null, uncertain: false,
      claimedAt: new Date(Date.now() - 60_000).toISOString(),
    });
    const hidden = await actions.hide(deps, WS, s.comment.id, null);
    expect(hidden).toMatchObject({ isHidden: true, status: 'approved' });
    expect(p.calls).toMatchObject({ hide: 1, state: 1 });
  });

  it('an attempt left open before the comment changed for another reason is settled before a new attempt acts', async () => {
    const s = put();
    const p = fakePlatform();
    const deps = { platform: p.port, notifier };
    p.failNext('lost');
    await expect(actions.reply(deps, WS, s.comment.id, 'Once', null)).rejects.toThrow(/not known whether/);
    comments.set(s.comment.id, { ...comments.get(s.comment.id)!, version: 7, comment: { ...s.comment, content: 'Edited by its author' } });
    const done = await actions.reply(deps, WS, s.comment.id, 'Once', null);
    expect(p.calls.reply).toBe(1);
    expect(done.reply).toMatchObject({ id: 'r1', text: 'Once' });
  });

  it('a fresh open claim (a call under way) is a 409 and calls nothing', async () => {
    const s = put();
    const p = fakePlatform();
    claims.set(k({ workspaceId: WS, commentId: s.comment.id, action: 'hide', attempt: s.version }), {
      workspaceId: WS, commentId: s.comment.id, action: 'hide', attempt: s.version, state: 'open', lease: 'busy', by: null, uncertain: false, claimedAt: new Date().toISOString(),
    });
    await expect(actions.hide({ platform: p.port, notifier }, WS, s.comment.id, null)).rejects.toThrow(/under way/);
    expect(p.calls).toMatchObject({ hide: 0, state: 0 });
  });

  it('a refusal records nothing but the reason; a later attempt may act', async () => {
    put();
    const p = fakePlatform();
    const deps = { platform: p.port, notifier };
    p.failNext('refuse');
    await expect(actions.hide(deps, WS, 'facebook_1', null)).rejects.toThrow(/refused/);
    expect(comments.get('facebook_1')!.comment).toMatchObject({ status: 'pending', lastError: '(#10) not allowed' });
    expect(history).toEqual([]);
    expect((await actions.hide(deps, WS, 'facebook_1', null)).isHidden).toBe(true);
    expect(p.calls.hide).toBe(2);
  });
});
