/** Lambda: the EventBridge Scheduler target ({"task": "frequent" | "daily"}). */
import { runAutomation, type Task } from '../domain/automation.js';
import { moderationDeps } from './deps.js';

export async function handler(event: { task?: string }) {
  const task: Task = event?.task === 'daily' ? 'daily' : 'frequent';
  const result = await runAutomation(moderationDeps, task);
  console.log('[automation]', task, JSON.stringify(result));
  return result;
}
