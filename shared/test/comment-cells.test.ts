/** Cell counts (issue 13 item 6): what a comment write adds to its account's counts, and which cells a filter takes. */
import { describe, expect, it } from 'vitest';
import { addCellDelta, cellMatches, parseCellCounter, type CellDelta, type Comment } from '../src/index.js';

const base: Comment = {
  id: 'facebook_1', platform: 'facebook', accountId: 'page1', authorName: 'A', authorId: 'a', content: 'x', timestamp: '2026-01-01T00:00:00.000Z', status: 'pending', aiDecision: null,
};
const decided = (over: Partial<Comment>): Comment => ({
  ...base, status: 'processed',
  aiDecision: { decision: 'hide', suggestedReply: '', reasoning: '', sentiment: 'negative', isSpam: false, isOffensive: true, confidence: 90, language: 'en', provider: 'seed', version: '1' },
  ...over,
});

describe('cell counts', () => {
  it('an insert adds one to its cell; a status change moves it; nothing else changes', () => {
    expect(addCellDelta(new Map(), null, base)).toEqual(new Map([['facebook#page1', { 'pending|-|-': 1 }]]));
    const moved = addCellDelta(new Map(), base, decided({}));
    expect(moved).toEqual(new Map([['facebook#page1', { 'pending|-|-': -1, 'processed|negative|hide': 1 }]]));
    expect(addCellDelta(new Map(), decided({}), decided({ lastError: 'x' }))).toEqual(new Map());
  });

  it('a comment without an account counts under "-"; deltas of several writes add up', () => {
    const acc: CellDelta = new Map();
    addCellDelta(acc, null, { ...base, accountId: undefined });
    addCellDelta(acc, null, { ...base, accountId: undefined, id: 'facebook_2' });
    expect(acc).toEqual(new Map([['facebook#-', { 'pending|-|-': 2 }]]));
  });

  it('a filter takes the cells of every value it leaves open', () => {
    const cell = parseCellCounter('processed|negative|hide', 'instagram', 'ig1')!;
    expect(cellMatches(cell, {})).toBe(true);
    expect(cellMatches(cell, { statuses: ['pending', 'processing', 'processed'], sentiment: 'negative' })).toBe(true);
    expect(cellMatches(cell, { accountIds: ['page1', 'ig1'], decision: 'hide' })).toBe(true);
    expect(cellMatches(cell, { platform: 'facebook' })).toBe(false);
    expect(cellMatches(cell, { accountIds: [] })).toBe(false);
    expect(cellMatches(cell, { statuses: ['approved'] })).toBe(false);
    expect(parseCellCounter('total', 'facebook', 'p')).toBeNull();
  });
});
