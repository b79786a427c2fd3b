/**
 * Lambda: the EventBridge Scheduler target ({"task": "requeue" | "frequent" | "daily" | "weekly"}, shared/src/schedules.ts),
 * and of each brand's own schedule ({"task": "brand", workspaceId, brandId}, domain/brand-schedules.ts).
 */
import { runAutomation, type Task } from '../domain/automation.js';
import { runBrandSchedule } from '../domain/brand-schedule-run.js';
import { bindScheduler } from '../domain/scheduler-port.js';
import { eventBridgeScheduler } from '../scheduler/eventbridge.js';
import { moderationDeps } from './deps.js';
import { log } from '../observability/index.js';
import { observed, requestIdOf } from '../observability/middleware.js';

// A brand's run removes its schedule when the workspace is gone (domain/brand-schedule-run.ts).
bindScheduler(eventBridgeScheduler());

const TASKS: readonly Task[] = ['requeue', 'frequent', 'daily', 'weekly'];

async function run(event: { task?: string; workspaceId?: string; brandId?: string }) {
  if (event?.task === 'brand') {
    if (typeof event.workspaceId !== 'string' || typeof event.brandId !== 'string') throw new Error('a brand schedule names its workspaceId and brandId');
    const result = await runBrandSchedule({ workspaceId: event.workspaceId, brandId: event.brandId });
    log.info('brand schedule run', { workspace: event.workspaceId, brand: event.brandId, result });
    return result;
  }
  const task: Task = TASKS.find((t) => t === event?.task) ?? 'frequent';
  const result = await runAutomation(moderationDeps, task);
  log.info('scheduled task run', { task, result });
  return result;
}

/** Each scheduled run in its own correlation scope (the invocation's request id). */
export const handler = observed(run, (_event, context) => requestIdOf(context));
