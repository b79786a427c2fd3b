/**
 * One SQS batch holding comments of several workspaces and brands is analysed in ONE analyser call
 * (issue 13 item 5: a trickle fills OpenAI requests), each comment with its own brand's voice, and
 * every decision recorded in its own workspace. A fake of the store port's areas the analysis reads
 * and writes, bound with bindStore (no module mocking).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AiDecision, Comment } from '@cg/shared';
import type { Analyser, AnalysisItem, BrandContext, CommentInput } from '../../src/analysis/port.js';
import { analyseWorkspaces } from '../../src/domain/analysis.js';
import type { StoredAccount, StoredComment } from '../../src/domain/model.js';
import { bindStore, type StorePort } from '../../src/domain/store-port.js';

const comments = new Map<string, StoredComment>();
const written: { workspaceId: string; id: string; decision: AiDecision | null }[] = [];
const notified: string[] = [];

const account = (workspaceId: string, id: string, brandId: string, name: string) =>
  ({ id, workspaceId, platform: 'facebook', externalId: brandId, brandId, accountName: name }) as unknown as StoredAccount;
const accounts: Record<string, StoredAccount[]> = {
  w1: [account('w1', 'acc-a', 'page-a', 'Acme'), account('w1', 'acc-b', 'page-b', 'Beta Bikes')],
  w2: [account('w2', 'acc-c', 'page-c', 'Casa Verde')],
};

function put(workspaceId: string, id: string, accountId: string, content: string) {
  const comment = { id, platform: 'facebook', authorName: 'Ana Lima', authorId: 'u', content, timestamp: '2026-11-22T10:00:00.000Z', status: 'processing', aiDecision: null, accountId } as Comment;
  comments.set(`${workspaceId}/${id}`, { workspaceId, comment, version: 1, updatedAt: '2026-11-22T10:00:00.000Z' } as unknown as StoredComment);
}

beforeEach(() => {
  comments.clear(); written.length = 0; notified.length = 0;
  const area = (impl: Record<string, unknown>) => new Proxy(impl, { get: (t, k: string) => t[k] ?? (async () => { throw new Error(`fake store: ${k} not expected`); }) });
  bindStore({
    comments: area({
      getComments: async (workspaceId: string, ids: string[]) => ids.map((id) => comments.get(`${workspaceId}/${id}`)).filter(Boolean),
      writeMany: async (changes: { before: StoredComment; after: StoredComment }[]) => changes.map(({ after }) => {
        written.push({ workspaceId: after.workspaceId, id: after.comment.id, decision: after.comment.aiDecision });
        return after;
      }),
    }),
    accounts: area({ listAccounts: async (workspaceId: string) => accounts[workspaceId] ?? [] }),
    brands: area({ getBrand: async (_: string, brandId: string) => ({ voice: { signOff: `— ${brandId}` }, knowledge: [] }) }),
    memory: area({ listExamples: async () => [] }),
    usage: area({ release: async () => undefined }),
    workspaces: area({ getWorkspace: async () => null }),
  } as unknown as StorePort);
});

/** Records every call; decides "reply" with the brand's name so the test sees which brand each comment was analysed for. */
class CountingAnalyser implements Analyser {
  readonly provider = 'counting';
  calls: AnalysisItem[][] = [];
  async analyse(cs: CommentInput[], brand: BrandContext) { return this.analyseItems(cs.map((comment) => ({ comment, brand }))); }
  async analyseItems(items: AnalysisItem[]): Promise<AiDecision[]> {
    this.calls.push(items);
    return items.map(({ brand }) => ({
      decision: 'reply', suggestedReply: `for ${brand.businessName} ${brand.voice?.signOff ?? ''}`, reasoning: 'r', sentiment: 'neutral', isSpam: false,
      isOffensive: false, confidence: 80, language: 'en', provider: 'counting', version: '1',
    }));
  }
}

describe('analyseWorkspaces', () => {
  it('analyses the comments of two workspaces and three brands in one call and records each in its workspace', async () => {
    put('w1', 'c1', 'acc-a', 'How much is shipping?');
    put('w1', 'c2', 'acc-b', 'Which frame size?');
    put('w2', 'c3', 'acc-c', 'Do you deliver to Spain?');
    put('w1', 'c4', 'acc-a', 'Love it');
    const analyser = new CountingAnalyser();
    await analyseWorkspaces({ analyser, notifier: { notify: async (ws: string) => { notified.push(ws); }, disconnectMember: async () => undefined } }, [
      { workspaceId: 'w1', commentIds: ['c1', 'c2', 'c4'] },
      { workspaceId: 'w2', commentIds: ['c3'] },
    ]);
    expect(analyser.calls).toHaveLength(1);
    expect(analyser.calls[0]!.map((i) => [i.comment.id, i.brand.businessName])).toEqual([['c1', 'Acme'], ['c2', 'Beta Bikes'], ['c4', 'Acme'], ['c3', 'Casa Verde']]);
    // One context object per brand (the provider groups by it).
    expect(analyser.calls[0]![0]!.brand).toBe(analyser.calls[0]![2]!.brand);
    expect(written.map((w) => [w.workspaceId, w.id, w.decision?.suggestedReply])).toEqual([
      ['w1', 'c1', 'for Acme — page-a'], ['w1', 'c2', 'for Beta Bikes — page-b'], ['w1', 'c4', 'for Acme — page-a'], ['w2', 'c3', 'for Casa Verde — page-c'],
    ]);
    expect(notified.sort()).toEqual(['w1', 'w2']);
  });

  it('skips comments no longer processing (a duplicate delivery) and calls nothing when none is left', async () => {
    put('w2', 'c3', 'acc-c', 'Do you deliver to Spain?');
    comments.get('w2/c3')!.comment.status = 'processed';
    const analyser = new CountingAnalyser();
    await analyseWorkspaces({ analyser, notifier: { notify: async () => undefined, disconnectMember: async () => undefined } }, [{ workspaceId: 'w2', commentIds: ['c3'] }]);
    expect(analyser.calls).toHaveLength(0);
    expect(written).toEqual([]);
  });
});
