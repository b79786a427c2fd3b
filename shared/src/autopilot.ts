/**
 * Autopilot per brand (issue 10 item 8): decisions applied without a human when the AI is confident
 * enough, per category; off by default. Declared once: the API validates with these schemas, the
 * domain (functions/src/domain/autopilot.ts) reads the inferred types, Settings builds its form.
 */
import * as z from 'zod';

/** What autopilot may do: remove spam, remove scams, hide abuse, post a knowledge-base answer. */
export const AUTOPILOT_CATEGORIES = ['spam', 'scam', 'abuse', 'answer'] as const;
export type AutopilotCategory = (typeof AUTOPILOT_CATEGORIES)[number];

/** The stated confidence (0-100) at or above which a decision of the category is applied; null: never. */
const Threshold = z.number().int('must be a whole number').min(50, 'must be between 50 and 100').max(100, 'must be between 50 and 100').nullable();

/**
 * Defaults chosen from the calibration (`npm run eval -- --autopilot`, functions/src/analysis/autopilot-calibration.ts):
 * per category, the lowest confidence at which at least 97% of the analyser's decisions of that kind
 * agreed with the moderator on the labelled business comments, but never below what the calibrated
 * confidence promises is safe without a human: 80 for a hide (undone in one click), 90 for a public answer.
 */
export const DEFAULT_AUTOPILOT_THRESHOLDS: Record<AutopilotCategory, number> = { spam: 90, scam: 80, abuse: 90, answer: 90 };

export const AutopilotSettingsInput = z.object({
  enabled: z.boolean(),
  thresholds: z.object({
    spam: Threshold.default(DEFAULT_AUTOPILOT_THRESHOLDS.spam),
    scam: Threshold.default(DEFAULT_AUTOPILOT_THRESHOLDS.scam),
    abuse: Threshold.default(DEFAULT_AUTOPILOT_THRESHOLDS.abuse),
    answer: Threshold.default(DEFAULT_AUTOPILOT_THRESHOLDS.answer),
  }).default({ ...DEFAULT_AUTOPILOT_THRESHOLDS }),
  /** Spam and scams are hidden (Undo unhides) or deleted (final: Meta has no undelete). Abuse is only ever hidden. */
  removal: z.enum(['hide', 'delete']).default('hide'),
});
export type AutopilotSettingsInput = z.input<typeof AutopilotSettingsInput>;

export const AutopilotSettings = AutopilotSettingsInput.extend({
  brandId: z.string(),
  updatedAt: z.string().nullable(),
});
export type AutopilotSettings = z.infer<typeof AutopilotSettings>;

/** A brand's settings before anyone saved them: off, with the calibrated thresholds. */
export function defaultAutopilot(brandId: string): AutopilotSettings {
  return { brandId, enabled: false, thresholds: { ...DEFAULT_AUTOPILOT_THRESHOLDS }, removal: 'hide', updatedAt: null };
}
