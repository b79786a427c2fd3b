/**
 * Plan-gated features (issue 11, item 10), enforced here with the mapping declared once in
 * shared/src/plans.ts (PLAN_FEATURES): a call that needs a feature the workspace's plan lacks is a
 * 403 naming the plan that has it.
 */
import { featureRefusal, planHasFeature, type PlanFeature } from '@cg/shared';
import { Missing, NotAllowed } from './errors.js';
import { stores } from './store-port.js';

export async function assertPlanFeature(workspaceId: string, feature: PlanFeature): Promise<void> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  if (!ws) throw new Missing('Workspace not found');
  if (!planHasFeature(ws.subscriptionPlan, feature)) throw new NotAllowed(featureRefusal(ws.subscriptionPlan, feature));
}
