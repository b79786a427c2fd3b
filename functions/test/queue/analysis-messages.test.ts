import { describe, expect, it } from 'vitest';
import { packAnalysisJobs, unpackAnalysisMessage } from '../../src/queue/analysis-messages.js';

const jobs = (ws: string, n: number, from = 0) => Array.from({ length: n }, (_, i) => ({ workspaceId: ws, commentId: `${ws}-c${from + i}` }));

describe('analysis queue messages', () => {
  it('pack each workspace’s comments together, up to the limit per message, and unpack to the same jobs', () => {
    const all = [...jobs('a', 100), ...jobs('b', 3), ...jobs('a', 5, 100)];
    const messages = packAnalysisJobs(all, 90);
    expect(messages.map((m) => [m.workspaceId, m.commentIds.length])).toEqual([['a', 90], ['a', 15], ['b', 3]]);
    const back = messages.flatMap((m) => unpackAnalysisMessage(JSON.stringify(m)));
    expect(new Set(back.map((j) => `${j.workspaceId}/${j.commentId}`))).toEqual(new Set(all.map((j) => `${j.workspaceId}/${j.commentId}`)));
    expect(back).toHaveLength(all.length);
  });

  it('one comment per message when the setting says 1 (OpenAI), never more than 90 whatever it says', () => {
    expect(packAnalysisJobs(jobs('a', 3), 1).map((m) => m.commentIds)).toEqual([['a-c0'], ['a-c1'], ['a-c2']]);
    expect(packAnalysisJobs(jobs('a', 200), 500).map((m) => m.commentIds.length)).toEqual([90, 90, 20]);
    expect(packAnalysisJobs(jobs('a', 2), Number.NaN).map((m) => m.commentIds.length)).toEqual([1, 1]);
  });

  it('read messages of the earlier one-comment shape; drop malformed ones', () => {
    expect(unpackAnalysisMessage(JSON.stringify({ workspaceId: 'w', commentId: 'c1' }))).toEqual([{ workspaceId: 'w', commentId: 'c1' }]);
    expect(unpackAnalysisMessage('not json')).toEqual([]);
    expect(unpackAnalysisMessage(JSON.stringify({ commentIds: ['x'] }))).toEqual([]);
    expect(unpackAnalysisMessage(JSON.stringify({ workspaceId: 'w', commentIds: ['ok', 7, ''] }))).toEqual([{ workspaceId: 'w', commentId: 'ok' }]);
    expect(unpackAnalysisMessage('null')).toEqual([]);
  });
});
