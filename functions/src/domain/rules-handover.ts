/**
 * The analyser's side of rules with AI conditions (category, sentiment, language): it only asks
 * whether the workspace has any, so it hands its decided comments over to the Meta events consumer
 * (autopilot-handover.ts), which runs them (rules.ts runRules 'analysed'). Kept tiny: the analyser
 * carries no rule engine and no Meta client.
 */
import { AI_CONDITIONS } from '@cg/shared';
import { stores } from './store-port.js';

export async function rulesWaitForAnalysis(workspaceId: string): Promise<boolean> {
  const rules = await stores.rules.listRules(workspaceId);
  return rules.some((r) => r.mode !== 'off' && r.conditions.some((c) => AI_CONDITIONS.includes(c.type)));
}
