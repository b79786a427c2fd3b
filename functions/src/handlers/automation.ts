/** Lambda: the EventBridge Scheduler target ({"task": "requeue" | "frequent" | "daily"}, shared/src/schedules.ts). */
import { runAutomation, type Task } from '../domain/automation.js';
import { moderationDeps } from './deps.js';

const TASKS: readonly Task[] = ['requeue', 'frequent', 'daily'];

export async function handler(event: { task?: string }) {
  const task: Task = TASKS.find((t) => t === event?.task) ?? 'frequent';
  const result = await runAutomation(moderationDeps, task);
  console.log('[automation]', task, JSON.stringify(result));
  return result;
}
