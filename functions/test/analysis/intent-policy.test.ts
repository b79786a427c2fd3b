/** How the decision policy combines the intent head with the rules (policy.ts), on classifications built by hand. */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/analysis/embedded/policy.js';
import { detect } from '../../src/analysis/embedded/language.js';
import { cues } from '../../src/analysis/embedded/rules.js';
import { INTENT_CLASSES, type Intent, type RemovalIntent } from '../../src/analysis/embedded/intent.js';
import type { Classification } from '../../src/analysis/embedded/model.js';

const quiet: Classification = {
  pSpam: 0.1, isSpam: false, pOffensive: 0.1, isOffensive: false, offensiveWords: [], insults: [], aimed: false, sentiment: 'neutral', pSentiment: 0.5,
};
const head = (top: Intent, removes: RemovalIntent | null = null, p = 0.7): Classification['intent'] => ({
  top, removes, p: Object.fromEntries(INTENT_CLASSES.map((k) => [k, k === top ? p : (1 - p) / 8])) as Record<Intent, number>,
});
const decideFor = (content: string, intent?: Classification['intent']) => decide({
  comment: { id: 'c1', content, authorName: 'Ana Diaz', platform: 'facebook' }, brand: { businessName: 'Acme' },
  cues: cues(content), language: detect(content), version: 'test', classification: { ...quiet, ...(intent ? { intent } : {}) },
});

describe('the intent head in the decision policy', () => {
  it('removes on the head\'s word alone only above its threshold (the removal is then `removes`)', () => {
    const d = decideFor('we will see about that on Monday', head('threat', 'threat', 0.9));
    expect(d).toMatchObject({ decision: 'hide', category: 'threat', priority: 'urgent', needsHuman: true, isOffensive: true });
    expect(d.reasons).toContain('reads like a threat (intent model)');
    expect(decideFor('amazing offer for everyone here', head('scam', 'scam', 0.95))).toMatchObject({ decision: 'delete', category: 'scam', isSpam: true });
  });

  it('never drafts a reply when the most likely intent is a removal it is not sure of: a person decides', () => {
    for (const [top, priority] of [['scam', 'high'], ['spam', 'high'], ['abuse', 'high'], ['threat', 'urgent']] as const) {
      const d = decideFor('thank you all, what a lovely surprise', head(top, null, 0.5));
      expect(d).toMatchObject({ decision: 'ignore', needsHuman: true, priority, suggestedReply: '' });
    }
  });

  it('follows the head among replies, but a complaint cue is never ignored or thanked', () => {
    expect(decideFor('the delivery guy was nice', head('question')).category).toBe('question');
    expect(decideFor('ok', head('other')).decision).toBe('ignore');
    expect(decideFor('my parcel never arrived', head('other'))).toMatchObject({ decision: 'reply', category: 'complaint', priority: 'high' });
    expect(decideFor('my parcel never arrived', head('praise')).category).toBe('complaint');
  });

  it('lets the rules remove what the head misses', () => {
    expect(decideFor('I know where your manager lives', head('question')).decision).toBe('hide');
    expect(decideFor('You won a prize! Claim it on WhatsApp +44 7700 900123', head('praise')).decision).toBe('delete');
  });

  it('without an intent head, decides by the rules and the classifier as before', () => {
    expect(decideFor('do you ship to Spain?').category).toBe('question');
    expect(decideFor('my parcel never arrived').category).toBe('complaint');
    expect(decideFor('ok').decision).toBe('ignore');
  });
});
