/**
 * Where brand schedules live (issue 11 item 6): EventBridge Scheduler in AWS
 * (functions/src/scheduler/eventbridge.ts), the local scheduler (infra/local/scheduler.ts, which
 * serves the same Scheduler API) under `npm start` and the tests. A schedule invokes the automation
 * function with its input at each cron occurrence in its time zone.
 */
export interface ScheduleSpec {
  /** EventBridge Scheduler cron expressions, `cron(m h dom mon dow year)`: one schedule each. */
  crons: string[];
  /** IANA zone the crons are read in. */
  timeZone: string;
  /** What the automation function receives. */
  input: Record<string, unknown>;
  description: string;
}

export interface SchedulerPort {
  /** Creates or updates the schedules named `<name>-<i>` (one per cron) and removes any left from before; idempotent. */
  put(name: string, spec: ScheduleSpec): Promise<void>;
  /** Removes every schedule of `name`; nothing to remove is no error. */
  remove(name: string): Promise<void>;
}

let bound: SchedulerPort | null = null;

export function bindScheduler(p: SchedulerPort): void {
  bound = p;
}

export function scheduler(): SchedulerPort {
  if (!bound) throw new Error('No scheduler is bound: the api composition root binds the EventBridge Scheduler adapter with bindScheduler');
  return bound;
}
