/** The local stand-in for EventBridge Scheduler: invokes the automation Lambda on the shared schedules. */
import { SCHEDULES } from '@cg/shared';

type Fn = (event: unknown, context?: unknown) => Promise<unknown>;

export function startScheduler(handler: Fn, log: (line: string) => void = () => undefined): () => void {
  const timers = Object.values(SCHEDULES).map((s) => setInterval(() => {
    handler(s.input).then((r) => log(`[scheduler] ${s.input.task}: ${JSON.stringify(r)}`)).catch((err: unknown) => log(`[scheduler] ${s.input.task} failed: ${String(err)}`));
  }, s.everyMinutes * 60_000).unref());
  return () => timers.forEach(clearInterval);
}
