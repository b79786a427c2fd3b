/** How the decision policy combines the business heads with the rules (policy.ts, model.ts intentOf), on readings built by hand. */
import { describe, expect, it } from 'vitest';
import { decide } from '../../src/analysis/embedded/policy.js';
import { detect } from '../../src/analysis/embedded/language.js';
import { cues } from '../../src/analysis/embedded/rules.js';
import { INTENT_CLASSES, REMOVAL_CLASSES, REMOVAL_SUPPORT, type Intent, type RemovalIntent } from '../../src/analysis/embedded/intent.js';
import { Classifier, type Classification, type Heads, type ModelFile } from '../../src/analysis/embedded/model.js';
import type { LinearModel } from '../../src/analysis/embedded/linear.js';

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
      // The ignore is stated as likely wrong as the head finds it (other: 0.0625), not at the analyser's floor of 50.
      expect(d.confidence).toBe(6);
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

describe('the rules and the spam model beside the intent head', () => {
  const reading = (top: Intent, p: Partial<Record<Intent, number>>): Classification['intent'] => ({
    top, removes: null, p: { ...Object.fromEntries(INTENT_CLASSES.map((k) => [k, 0.01])), ...p } as Record<Intent, number>,
  });

  it('answers praise the rules read when the head reads nothing to act on but finds praise plausible', () => {
    expect(decideFor('thank you so much, lovely staff', reading('other', { other: 0.6, praise: 0.4 }))).toMatchObject({ decision: 'reply', category: 'praise' });
    expect(decideFor('thank you so much, lovely staff', reading('other', { other: 0.8, praise: 0.1 })).decision).toBe('ignore');
  });

  it('does not delete on the spam model alone what the head reads as something else, unless a spam cue agrees', () => {
    const spammy = { ...quiet, isSpam: true, pSpam: 0.8 };
    const run = (content: string, intent: Classification['intent']) => decide({
      comment: { id: 'c1', content, authorName: 'Ana Diaz', platform: 'facebook' }, brand: { businessName: 'Acme' },
      cues: cues(content), language: detect(content), version: 'test', classification: { ...spammy, intent },
    });
    expect(run('the code for my account never shows up', reading('complaint', { complaint: 0.7, spam: 0.05 })).decision).not.toBe('delete');
    expect(run('the code for my account never shows up', reading('spam', { spam: 0.5 })).decision).toBe('delete');
    expect(run('check my channel for free codes', reading('complaint', { complaint: 0.7, spam: 0.05 })).decision).toBe('delete');
  });
});

describe('the removal head beside the intent head (Classifier.intentOf)', () => {
  const biasOnly = (classes: readonly string[], probs: number[]): LinearModel => ({ classes: [...classes], dim: 1, weights: new Float32Array(classes.length), bias: Float32Array.from(probs, Math.log) });
  const nothing = { idx: new Int32Array(0), val: new Float32Array(0) };
  const classifier = (intentThreat: number, removalThreat: number, threatByLanguage?: Record<string, number>) => new Classifier(
    {
      intent: biasOnly(INTENT_CLASSES, INTENT_CLASSES.map((k) => (k === 'threat' ? intentThreat : k === 'complaint' ? 1 - intentThreat : 1e-9))),
      removal: biasOnly(REMOVAL_CLASSES, REMOVAL_CLASSES.map((k) => (k === 'threat' ? removalThreat : k === 'keep' ? 1 - removalThreat : 1e-9))),
    } as unknown as Heads,
    { intentThresholds: { threat: 0.8, scam: 0.9, spam: 0.9, abuse: 0.9 }, removalThresholds: { threat: 0.7, scam: 0.9, spam: 0.9, abuse: 0.9 }, removalThreatByLanguage: threatByLanguage, calibration: {} } as unknown as ModelFile,
  );

  it('removes on the removal head\'s word when the intent head finds the removal plausible', () => {
    expect(classifier(REMOVAL_SUPPORT + 0.05, 0.9).intentOf(nothing)).toMatchObject({ removes: 'threat', pRemoves: expect.closeTo(0.9, 5) });
  });

  it('does not when the intent head reads something else (a complaint about broken glasses), nor below the removal threshold', () => {
    expect(classifier(REMOVAL_SUPPORT - 0.1, 0.95).intentOf(nothing)!.removes).toBeNull();
    expect(classifier(0.6, 0.65).intentOf(nothing)!.removes).toBeNull();
  });

  it('reads the threat threshold of the comment\'s language, and the strictest one for a language without its own', () => {
    const byLanguage = { es: 0.95, fr: 0.5 };
    expect(classifier(0.6, 0.9, byLanguage).intentOf(nothing, 'es')!.removes).toBeNull();
    expect(classifier(0.6, 0.6, byLanguage).intentOf(nothing, 'fr')!.removes).toBe('threat');
    expect(classifier(0.6, 0.6, byLanguage).intentOf(nothing, 'nl')!.removes).toBeNull();
    expect(classifier(0.6, 0.9, byLanguage).intentOf(nothing, 'nl')!.removes).toBe('threat');
  });

  it('keeps the intent head\'s own removal above its threshold', () => {
    expect(classifier(0.85, 0.1).intentOf(nothing)).toMatchObject({ removes: 'threat', pRemoves: expect.closeTo(0.85, 5) });
  });
});
