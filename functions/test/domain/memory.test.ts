/** Workspace memory: near-duplicate matching of handled comments and the per-workspace layer. */
import { describe, expect, it } from 'vitest';
import type { AiDecision } from '@cg/shared';
import { buildMemory, labelOf, normaliseText, withMemory, type Example } from '../../src/domain/memory.js';

const SPAM = 'Congratulations! You won a free iPhone 17, claim it now at bit.ly/free-prize-now';

function example(text: string, final: Example['final'], ai: Example['ai'], at = '2026-11-20T10:00:00.000Z', source: Example['source'] = 'moderator'): Example {
  const verb = ({ delete: 'deleted', hide: 'hid', reply: 'replied to', ignore: 'kept' } as const)[final];
  return { commentId: `c-${text.length}-${final}`, text: normaliseText(text), final, ai, verb, source, brandId: null, at };
}

function decision(over: Partial<AiDecision> = {}): AiDecision {
  return {
    decision: 'reply', suggestedReply: 'Thank you!', reasoning: 'Positive comment', sentiment: 'positive', isSpam: false, isOffensive: false,
    confidence: 60, language: 'en', provider: 'embedded', version: 't', ...over,
  };
}

describe('near-duplicate matching', () => {
  const memory = buildMemory([example(SPAM, 'delete', 'reply')]);

  it('finds the same text pasted again with other case, spacing, mentions, emoji and look-alike characters', () => {
    for (const copy of [SPAM, SPAM.toUpperCase(), `@anna ${SPAM} 🎁🎁`, SPAM.replace(/ /g, '   '), SPAM.replace('free', 'fr33').replace('Congratulations', 'Cóngratulations')]) {
      expect(memory.find(copy)?.example.final, copy).toBe('delete');
    }
  });

  it('finds a near-identical text (a word changed) but not a different comment on the same topic', () => {
    expect(memory.find(SPAM.replace('iPhone 17', 'iPhone 16'))?.similarity).toBeGreaterThanOrEqual(0.8);
    expect(memory.find('Did anyone win the free iPhone from the giveaway last week? I never heard back')).toBeNull();
    expect(memory.find('Congratulations on the new store!')).toBeNull();
  });

  it('ignores very short texts', () => {
    const m = buildMemory([example('nice!!', 'hide', 'reply')]);
    expect(m.find('nice!!')).toBeNull();
  });

  it('removedOnly matches only texts that were hidden or deleted', () => {
    const m = buildMemory([example('Where is my order? It has been three weeks', 'reply', 'reply')]);
    expect(m.find('Where is my order? It has been three weeks')).not.toBeNull();
    expect(m.find('Where is my order? It has been three weeks', { removedOnly: true })).toBeNull();
  });

  it('repeats a removal only for distinctive texts: a short common phrase removed once is not removed everywhere', () => {
    const m = buildMemory([example('Love it, thank you!!', 'hide', 'reply'), example('lovelovelovelovelove', 'hide', 'reply')]);
    expect(m.find('Love it, thank you!!', { removedOnly: true })).toBeNull();
    expect(m.find('lovelovelovelovelove', { removedOnly: true })).toBeNull();
    // Still decided as the moderator did, for a person to confirm.
    expect(m.find('Love it, thank you!!')?.example.final).toBe('hide');
  });

  it('the newest example of a text wins (a moderator who changed their mind)', () => {
    const m = buildMemory([example(SPAM, 'ignore', 'delete', '2026-11-21T00:00:00.000Z'), example(SPAM, 'delete', 'reply', '2026-11-20T00:00:00.000Z')]);
    expect(m.find(SPAM)?.example.final).toBe('ignore');
  });

  it('a near-duplicate is decided as the moderator decided, with the reason naming the action and its date', () => {
    const d = withMemory(memory, `${SPAM}!!`, decision());
    expect(d.decision).toBe('delete');
    expect(d.reasons?.[0]).toBe('same as a comment a moderator deleted on 2026-11-20');
    expect(d.suggestedReply).toBe('');
    const rule = withMemory(buildMemory([example(SPAM, 'hide', null, '2026-11-19T08:00:00.000Z', 'rule')]), SPAM, decision());
    expect(rule.reasons?.[0]).toBe('same as a comment a rule hid on 2026-11-19');
  });
});

describe('per-workspace layer', () => {
  // This workspace's moderators keep comments about "restock" dates unanswered (ignore) where the AI replies.
  const corrections = [
    'when is the restock of the linen shirts happening',
    'any restock date for the linen dress in size M',
    'restock linen trousers please, waiting since spring',
  ].map((t) => example(t, 'ignore', 'reply'));

  it('changes a decision when several learnt words agree, and says which', () => {
    const d = withMemory(buildMemory(corrections), 'Is a restock of the linen jacket planned?', decision());
    expect(d.decision).toBe('ignore');
    expect(d.reasons?.[0]).toMatch(/restock|linen/);
    expect(d.needsHuman).toBe(true);
  });

  it('leaves decisions alone on weak evidence: one correction, or one shared word', () => {
    expect(withMemory(buildMemory(corrections.slice(0, 1)), 'Is a restock of the linen jacket planned?', decision()).decision).toBe('reply');
    expect(withMemory(buildMemory(corrections), 'Love the linen colour!', decision()).decision).toBe('reply');
  });

  it('confirmations of the AI outweigh older corrections', () => {
    const confirmations = Array.from({ length: 8 }, (_, i) => example(`restock linen order number ${i} arrived`, 'reply', 'reply'));
    expect(withMemory(buildMemory([...confirmations, ...corrections]), 'Is a restock of the linen jacket planned?', decision()).decision).toBe('reply');
  });

  it('never switches to a reply without a draft', () => {
    const toReply = ['great linen shirts restock happy', 'linen restock finally great', 'restock of linen shirts arrived great'].map((t) => example(t, 'reply', 'ignore'));
    expect(withMemory(buildMemory(toReply), 'linen shirts restock great news', decision({ decision: 'ignore', suggestedReply: '' })).decision).toBe('ignore');
  });
});

describe('labels from actions', () => {
  it('reads the moderator\'s decision from what they did', () => {
    expect(labelOf('delete', 'deleted', false, 'reply')).toEqual({ final: 'delete', verb: 'deleted' });
    expect(labelOf('unhide', 'approved', false, 'hide')).toEqual({ final: 'ignore', verb: 'kept' });
    expect(labelOf('override', 'approved', false, 'hide')).toEqual({ final: 'ignore', verb: 'kept' });
    expect(labelOf('override', 'replied', false, 'hide')).toEqual({ final: 'reply', verb: 'replied to' });
    expect(labelOf('approve', 'approved', true, 'hide')).toEqual({ final: 'hide', verb: 'hid' });
    expect(labelOf('update_reply', 'processed', false, 'ignore')).toEqual({ final: 'reply', verb: 'replied to' });
    expect(labelOf('block', 'processed', false, 'reply')).toBeNull();
  });
});
