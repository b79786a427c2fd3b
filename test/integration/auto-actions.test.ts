/**
 * An automatic action finding the comment already as it would leave it (hidden by a moderator or by
 * another automatic path first) does nothing on the platform and writes no Automation log entry:
 * a sweep and a comment's own hand-over reaching one comment log one hide, not a hide and a failure.
 */
import { describe, expect, it } from 'vitest';
import { signedIn } from '../support/client.js';
import { makeComment, store } from '../support/seed.js';

const { applyAutomatic, listAutomation } = await import('../../functions/src/domain/auto-actions.js');
const { stores } = await import('../../functions/src/domain/store-port.js');

describe('automatic actions on a comment already in that state', () => {
  it('write no entry and call nothing', async () => {
    const { user } = await signedIn('autoact');
    const ws = user.workspaceId as string;
    const hidden = makeComment({ isHidden: true, status: 'approved' });
    const deleted = makeComment({ status: 'deleted' });
    await store.insertNew(ws, [hidden, deleted]);
    let calls = 0;
    const platform = new Proxy({}, { get: () => async () => { calls++; throw new Error('the platform must not be called'); } });
    const deps = { platform, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } } as never;
    const a = await applyAutomatic(deps, { workspaceId: ws, commentId: hidden.id, action: { type: 'hide' }, reason: 'same as a comment a moderator deleted', source: 'cross_post' });
    const b = await applyAutomatic(deps, { workspaceId: ws, commentId: deleted.id, action: { type: 'delete' }, reason: 'rule', source: 'rule' });
    expect([a.outcome, b.outcome]).toEqual(['failed', 'failed']);
    expect(calls).toBe(0);
    expect((await listAutomation(ws)).entries).toEqual([]);
  });

  it('write no entry when another path did the action between this one\'s read and its claim (the exactly-once replay)', async () => {
    const { user } = await signedIn('autoreplay');
    const ws = user.workspaceId as string;
    const c = makeComment({ status: 'processed' });
    await store.insertNew(ws, [c]);
    const stored = (await store.getComment(ws, c.id))!;
    // The other path's claim for this version of the comment: done on the platform and recorded.
    const key = { workspaceId: ws, commentId: c.id, action: 'hide', attempt: stored.version };
    await stores.claims.claimAction({ ...key, state: 'open', lease: 'other', claimedAt: new Date().toISOString(), by: 'automation', uncertain: false });
    await stores.claims.completeClaim(key, 'other');
    await stores.claims.markClaimRecorded(key);
    let calls = 0;
    const platform = new Proxy({}, { get: () => async () => { calls++; throw new Error('the platform must not be called'); } });
    const deps = { platform, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } } as never;
    const entry = await applyAutomatic(deps, { workspaceId: ws, commentId: c.id, action: { type: 'hide' }, reason: 'same as a comment a moderator deleted', source: 'cross_post' });
    expect(entry.outcome).not.toBe('done');
    expect(calls).toBe(0);
    expect((await listAutomation(ws)).entries).toEqual([]);
  });
});
