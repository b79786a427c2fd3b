/**
 * Autopilot per brand (issue 10 item 8): which decisions are applied without a human. Off by
 * default; when on, a decision is applied when its category's threshold is met — spam and scams
 * hidden (or deleted), abuse hidden, a question answered from the knowledge base — and everything
 * else stays in the queue. Threats and anything flagged for a person always stay for a human.
 */
import type { AiDecision } from '@cg/shared';
import { AutopilotSettingsInput as Input, defaultAutopilot, type AutopilotCategory, type AutopilotSettings, type AutopilotSettingsInput } from '@cg/shared/autopilot';
import { Invalid } from './errors.js';
import { stores } from './store-port.js';

export type AutoAction = 'hide' | 'delete' | 'reply';

/** The reason code the analyser gives a reply drafted from a knowledge-base entry. */
const ANSWER_REASON = /^matches answer:/i;

/** The category a decision falls in for autopilot, or null when autopilot never applies it. */
export function autopilotCategory(d: AiDecision): AutopilotCategory | null {
  if (d.needsHuman) return null;
  if ((d.category === 'spam' || d.category === 'scam') && (d.decision === 'hide' || d.decision === 'delete')) return d.category;
  if (d.category === 'abuse' && d.decision === 'hide') return 'abuse';
  if (d.decision === 'reply' && d.category === 'question' && d.suggestedReply.trim() && (d.reasons ?? []).some((r) => ANSWER_REASON.test(r))) return 'answer';
  return null;
}

/** What autopilot does with a decision under these settings (with the reason it gives), or null: the queue. */
export function autopilotAction(settings: AutopilotSettings, d: AiDecision): { action: AutoAction; category: AutopilotCategory; reason: string } | null {
  if (!settings.enabled) return null;
  const category = autopilotCategory(d);
  if (!category) return null;
  const threshold = settings.thresholds[category];
  if (threshold === null || threshold === undefined || d.confidence < threshold) return null;
  const action: AutoAction = category === 'answer' ? 'reply' : category === 'abuse' ? 'hide' : settings.removal;
  const why = (d.reasons ?? []).slice(0, 2).join('; ') || d.reasoning;
  return { action, category, reason: `autopilot: ${category} at confidence ${Math.round(d.confidence)} ≥ ${threshold}${why ? ` (${why})` : ''}` };
}

export async function getAutopilot(workspaceId: string, brandId: string): Promise<AutopilotSettings> {
  return (await stores.memory.getAutopilot(workspaceId, brandId)) ?? defaultAutopilot(brandId);
}

/** The brands whose autopilot is on, by brand id. */
export async function enabledAutopilots(workspaceId: string): Promise<Map<string, AutopilotSettings>> {
  return new Map((await stores.memory.listAutopilot(workspaceId)).filter((s) => s.enabled).map((s) => [s.brandId, s]));
}

/** Saves a brand's settings; the brand must be one of the workspace's (its Facebook page id or one of its accounts' ids). */
export async function putAutopilot(workspaceId: string, brandId: string, body: AutopilotSettingsInput): Promise<AutopilotSettings> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const account = accounts.find((a) => a.brandId === brandId || a.id === brandId);
  if (!account) throw new Invalid(`No connected brand has the id ${brandId}: use the brand id of one of the workspace's accounts (GET /api/social-accounts).`, [{ field: 'brandId', message: 'unknown brand' }]);
  const settings: AutopilotSettings = { ...Input.parse(body), brandId: account.brandId, updatedAt: new Date().toISOString() };
  await stores.memory.putAutopilot(workspaceId, settings);
  return settings;
}

export async function readAutopilot(workspaceId: string, brandId: string): Promise<AutopilotSettings> {
  const accounts = await stores.accounts.listAccounts(workspaceId);
  const account = accounts.find((a) => a.brandId === brandId || a.id === brandId);
  return getAutopilot(workspaceId, account?.brandId ?? brandId);
}
