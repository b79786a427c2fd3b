/** The automation schedules, declared once: EventBridge Scheduler in AWS, the local scheduler in `npm start`. */
export const SCHEDULES = {
  frequent: { everyMinutes: 5, input: { task: 'frequent' } },
  daily: { everyMinutes: 24 * 60, input: { task: 'daily' } },
} as const;
