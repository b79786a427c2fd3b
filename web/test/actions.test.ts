/** Issue 12's rules in the app that need no browser: what an action's Undo is, the bulk summary, when a private reply is offered. */
import { describe, expect, test } from 'vitest';
import type { BulkResult, Comment } from '@cg/shared';
import { bulkSummary, undoOf } from '../src/lib/actions';
import { privateReplyAllowed } from '../src/features/dashboard/CommentActions';

const base: Comment = {
  id: 'c1', platform: 'facebook', authorName: 'Ann', authorId: 'a', content: 'hi', timestamp: '2026-11-20T10:00:00.000Z', status: 'processed', aiDecision: null,
};

describe('undo', () => {
  test('hide is undone by unhide; a reply we posted by deleting it; dismiss and delete cannot be undone', () => {
    expect(undoOf('hide', base, { ...base, isHidden: true, status: 'approved' })).toBe('unhide');
    expect(undoOf('reply', base, { ...base, status: 'replied', reply: { id: 'r1', text: 'x', at: '' } })).toBe('delete_reply');
    expect(undoOf('approve', base, { ...base, status: 'replied', reply: { id: 'r1', text: 'x', at: '' } })).toBe('delete_reply');
    expect(undoOf('approve', base, { ...base, status: 'approved', isHidden: true })).toBe('unhide');
    expect(undoOf('approve', base, { ...base, status: 'deleted' })).toBeNull();
    expect(undoOf('dismiss', base, { ...base, dismissed: true })).toBeNull();
    expect(undoOf('delete', base, { ...base, status: 'deleted' })).toBeNull();
  });
});

describe('bulk summary', () => {
  test('counts and the failures grouped by the server\'s message', () => {
    const r: BulkResult = {
      action: 'hide', total: 5, succeeded: 2, failed: 3,
      results: [
        { id: 'a', ok: true }, { id: 'b', ok: true },
        { id: 'c', ok: false, error: 'The comment was deleted on Facebook', reason: 'upstream' },
        { id: 'd', ok: false, error: 'The comment was deleted on Facebook', reason: 'upstream' },
        { id: 'e', ok: false, reason: 'not_found' },
      ],
    };
    expect(bulkSummary(r)).toBe('2 done, 3 failed: The comment was deleted on Facebook (2); not_found (1)');
    expect(bulkSummary({ action: 'dismiss', total: 48, succeeded: 48, failed: 0, results: [] })).toBe('48 done, 0 failed');
  });
});

describe('private reply', () => {
  test('offered once per comment, within 7 days of it', () => {
    const now = Date.parse('2026-11-22T10:00:00.000Z');
    expect(privateReplyAllowed(base, now)).toBe(true);
    expect(privateReplyAllowed({ ...base, timestamp: '2026-11-15T09:59:00.000Z' }, now)).toBe(false);
    expect(privateReplyAllowed({ ...base, privateReplyAt: '2026-11-21T00:00:00.000Z' }, now)).toBe(false);
  });
});
