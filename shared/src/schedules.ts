/** The automation schedules, declared once: EventBridge Scheduler in AWS, the local scheduler in `npm start`. */
export const SCHEDULES = {
  /** Comments stuck in `processing` and failed analyses back in the queue within 2 minutes (with STUCK_AFTER_MS). */
  requeue: { everyMinutes: 1, input: { task: 'requeue' } },
  /** The reconciliation sync that catches what webhooks missed. */
  frequent: { everyMinutes: 5, input: { task: 'frequent' } },
  daily: { everyMinutes: 24 * 60, input: { task: 'daily' } },
  /** The weekly report by mail to each workspace's owners and admins (the last 7 full UTC days; once per workspace and week). */
  weekly: { everyMinutes: 7 * 24 * 60, input: { task: 'weekly' } },
} as const;
