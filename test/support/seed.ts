/** Seeds comments straight into the stack's table (the test process shares DynamoDB Local with the stack). */
import { inject } from 'vitest';
import type { AiDecision, Comment } from '@cg/shared';

Object.assign(process.env, inject('stackEnv'));
const store = await import('../../functions/src/store/comments.js');
// Tests that call the domain directly give it the same adapters the stack's functions use.
await import('../../functions/src/handlers/bind-ports.js');
export { store };

let n = 0;
export function makeComment(over: Partial<Comment> = {}): Comment {
  n++;
  return {
    id: `facebook_seed${Date.now().toString(36)}${n}`, platform: 'facebook', authorName: `Author ${n}`, authorId: `a${n}`,
    content: `Seeded comment number ${n}`, timestamp: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(), status: 'pending', aiDecision: null, ...over,
  };
}

export function decision(over: Partial<AiDecision> = {}): AiDecision {
  return { decision: 'ignore', suggestedReply: '', reasoning: 'Seeded.', sentiment: 'neutral', isSpam: false, isOffensive: false, confidence: 80, language: 'en', provider: 'seed', version: '1', ...over };
}

export async function seed(userId: string, comments: Comment[]): Promise<void> {
  await store.insertNew(userId, comments);
}
