/** Autopilot's choice per decision: only when on, only over the category's threshold, never for threats or a flagged decision. */
import { describe, expect, it } from 'vitest';
import type { AiDecision } from '@cg/shared';
import { defaultAutopilot, type AutopilotSettings } from '@cg/shared/autopilot';
import { autopilotAction } from '../../src/domain/autopilot.js';
import { sourceOf } from '../../src/domain/learning.js';

const on: AutopilotSettings = { ...defaultAutopilot('page1'), enabled: true };

function d(over: Partial<AiDecision>): AiDecision {
  return {
    decision: 'delete', suggestedReply: '', reasoning: 'Scam', sentiment: 'neutral', isSpam: true, isOffensive: false,
    confidence: 92, language: 'en', provider: 'embedded', version: 't', category: 'scam', reasons: ['link to an unknown domain'], ...over,
  };
}

describe('autopilotAction', () => {
  it('does nothing while autopilot is off (the default)', () => {
    expect(autopilotAction(defaultAutopilot('page1'), d({}))).toBeNull();
  });

  it('removes a scam over its threshold by hiding it (the default), with the reason and the confidence', () => {
    expect(autopilotAction(on, d({}))).toEqual({ action: 'hide', category: 'scam', reason: 'autopilot: scam at confidence 92 ≥ 80 (link to an unknown domain)' });
    expect(autopilotAction({ ...on, removal: 'delete' }, d({}))?.action).toBe('delete');
  });

  it('leaves a decision under the threshold, or of a category set to never, for a person', () => {
    expect(autopilotAction(on, d({ confidence: 79 }))).toBeNull();
    expect(autopilotAction({ ...on, thresholds: { ...on.thresholds, scam: null } }, d({}))).toBeNull();
  });

  it('only ever hides abuse, even when spam is deleted', () => {
    expect(autopilotAction({ ...on, removal: 'delete' }, d({ category: 'abuse', decision: 'hide', confidence: 95 }))?.action).toBe('hide');
  });

  it('answers a question only from a knowledge-base match with a draft, over the answer threshold', () => {
    const answer = d({ category: 'question', decision: 'reply', suggestedReply: 'Yes, 5-7 days to Canada.', reasons: ['matches answer: Shipping to Canada'], confidence: 93 });
    expect(autopilotAction(on, answer)?.action).toBe('reply');
    expect(autopilotAction(on, { ...answer, confidence: 89 })).toBeNull();
    expect(autopilotAction(on, { ...answer, reasons: ['question'] })).toBeNull();
    expect(autopilotAction(on, { ...answer, suggestedReply: ' ' })).toBeNull();
  });

  it('never acts on threats, praise, complaints, or a decision flagged for a person', () => {
    expect(autopilotAction(on, d({ category: 'threat', decision: 'hide', confidence: 99 }))).toBeNull();
    expect(autopilotAction(on, d({ category: 'praise', decision: 'reply', suggestedReply: 'Thanks!', confidence: 99 }))).toBeNull();
    expect(autopilotAction(on, d({ category: 'complaint', decision: 'reply', suggestedReply: 'Sorry!', confidence: 99 }))).toBeNull();
    expect(autopilotAction(on, d({ needsHuman: true }))).toBeNull();
  });
});

describe('who taught the memory', () => {
  it('a moderator, a rule; never autopilot, the memory itself or the system', () => {
    expect(sourceOf('ana@example.com')).toBe('moderator');
    expect(sourceOf('automation: No links')).toBe('rule');
    expect(sourceOf('automation: autopilot: scam at confidence 92 ≥ 80')).toBeNull();
    expect(sourceOf('automation: same as a comment a moderator deleted on 2026-11-20')).toBeNull();
    expect(sourceOf(null)).toBeNull();
  });
});
