/**
 * The local stand-in for EventBridge Scheduler. The fixed schedules (shared/src/schedules.ts) invoke
 * the automation Lambda at their rate (`npm start`). Brands' schedules (issue 11 item 6) are created
 * at run time by the api function through the Scheduler API itself (its SDK client reaches this
 * server through AWS_ENDPOINT_URL_SCHEDULER): CreateSchedule, UpdateSchedule, DeleteSchedule,
 * GetSchedule and ListSchedules, with EventBridge's cron expressions read in each schedule's time
 * zone (croner). A due schedule invokes its target with its input. Under `npm start` a clock checks
 * every minute; tests fire whatever is due at a given instant through `POST /__local/fire {at}` (no
 * waiting for real time), and list what exists with `GET /__local/schedules`.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { Cron } from 'croner';
import { SCHEDULES } from '@cg/shared';

type Fn = (event: unknown, context?: unknown) => Promise<unknown>;

export function startScheduler(handler: Fn, log: (line: string) => void = () => undefined): () => void {
  const timers = Object.values(SCHEDULES).map((s) => setInterval(() => {
    handler(s.input).then((r) => log(`[scheduler] ${s.input.task}: ${JSON.stringify(r)}`)).catch((err: unknown) => log(`[scheduler] ${s.input.task} failed: ${String(err)}`));
  }, s.everyMinutes * 60_000).unref());
  return () => timers.forEach(clearInterval);
}

// ---- brands' schedules: the Scheduler API -----------------------------------------------------------

export interface LocalSchedule {
  Name: string; GroupName: string; Arn: string; ScheduleExpression: string; ScheduleExpressionTimezone: string;
  State: 'ENABLED' | 'DISABLED'; Description?: string; Target: { Arn: string; RoleArn: string; Input?: string };
  CreationDate: number; LastModificationDate: number;
}

export interface Fired { name: string; group: string; at: string; result?: unknown; error?: string }

export interface LocalScheduler {
  endpoint: string;
  schedules: Map<string, LocalSchedule>;
  /** Invokes every enabled schedule due in the minute of `at` (once per schedule and minute), awaiting each. */
  fireDue(at: Date): Promise<Fired[]>;
  close(): Promise<void>;
}

class ApiError extends Error {
  constructor(readonly status: number, readonly type: string, message: string) { super(message); }
}

const NAME = /^[0-9a-zA-Z_.-]{1,64}$/;

/** EventBridge's cron(min hour day-of-month month day-of-week year) as croner's pattern; throws a ValidationException. */
export function cronPattern(expression: string): string {
  const m = /^cron\((.+)\)$/.exec(expression.trim());
  if (!m) throw new ApiError(400, 'ValidationException', `Invalid Schedule Expression ${expression}: only cron(...) is served locally for run-time schedules.`);
  const f = m[1]!.trim().split(/\s+/);
  if (f.length !== 6) throw new ApiError(400, 'ValidationException', `Invalid Schedule Expression ${expression}: a cron has six fields.`);
  const [min, hour, dom, month, dow, year] = f as [string, string, string, string, string, string];
  if ((dom === '?') === (dow === '?')) throw new ApiError(400, 'ValidationException', `Invalid Schedule Expression ${expression}: exactly one of day-of-month and day-of-week must be ?.`);
  if (year !== '*') throw new ApiError(400, 'ValidationException', `Invalid Schedule Expression ${expression}: only * is served locally for the year.`);
  // EventBridge numbers days of the week 1-7 from Sunday; croner 0-6.
  const unixDow = dow === '?' ? '*' : dow.replace(/\d+/g, (d) => String(Number(d) - 1));
  const pattern = `${min} ${hour} ${dom === '?' ? '*' : dom} ${month} ${unixDow}`;
  try {
    new Cron(pattern, { paused: true });
  } catch (err) {
    throw new ApiError(400, 'ValidationException', `Invalid Schedule Expression ${expression}: ${(err as Error).message}`);
  }
  return pattern;
}

function validZone(tz: string): boolean {
  try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; }
}

export async function startLocalScheduler(opts: {
  region: string; account: string;
  /** Invokes the Lambda function named by the target's ARN with the schedule's input. */
  invoke: (targetArn: string, input: unknown) => Promise<unknown>;
  /** Check every minute and fire what is due (npm start); off in tests, which fire through /__local/fire. */
  clock?: boolean;
  /** Keep the schedules across restarts in this JSON file. */
  file?: string | null;
  log?: (line: string) => void;
}): Promise<LocalScheduler> {
  const log = opts.log ?? (() => undefined);
  const key = (group: string, name: string) => `${group}/${name}`;
  const schedules = new Map<string, LocalSchedule>();
  if (opts.file && existsSync(opts.file)) for (const s of JSON.parse(readFileSync(opts.file, 'utf8')) as LocalSchedule[]) schedules.set(key(s.GroupName, s.Name), s);
  const save = () => { if (opts.file) writeFileSync(opts.file, JSON.stringify([...schedules.values()], null, 2)); };
  const firedAt = new Map<string, number>();

  const fromBody = (name: string, b: Record<string, any>, existing?: LocalSchedule): LocalSchedule => {
    if (!NAME.test(name)) throw new ApiError(400, 'ValidationException', `Name ${name} must match [0-9a-zA-Z-_.]{1,64}`);
    const expression = String(b.ScheduleExpression ?? '');
    cronPattern(expression);
    const zone = String(b.ScheduleExpressionTimezone ?? 'UTC');
    if (!validZone(zone)) throw new ApiError(400, 'ValidationException', `Invalid ScheduleExpressionTimezone ${zone}`);
    if (!b.Target?.Arn || !b.Target?.RoleArn) throw new ApiError(400, 'ValidationException', 'Target.Arn and Target.RoleArn are required');
    if (!b.FlexibleTimeWindow?.Mode) throw new ApiError(400, 'ValidationException', 'FlexibleTimeWindow is required');
    const group = String(b.GroupName ?? 'default');
    const now = Date.now() / 1000;
    return {
      Name: name, GroupName: group, Arn: `arn:aws:scheduler:${opts.region}:${opts.account}:schedule/${group}/${name}`,
      ScheduleExpression: expression, ScheduleExpressionTimezone: zone, State: b.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      Description: b.Description, Target: { Arn: b.Target.Arn, RoleArn: b.Target.RoleArn, Input: b.Target.Input },
      CreationDate: existing?.CreationDate ?? now, LastModificationDate: now,
    };
  };

  const api = (method: string, url: URL, body: Record<string, any>): [number, unknown] => {
    const match = /^\/schedules(?:\/([^/]+))?$/.exec(url.pathname);
    if (!match) throw new ApiError(404, 'UnknownOperationException', `${method} ${url.pathname} is not served locally`);
    const name = match[1] ? decodeURIComponent(match[1]) : null;
    if (!name) {
      if (method !== 'GET') throw new ApiError(404, 'UnknownOperationException', `${method} /schedules is not served locally`);
      const group = url.searchParams.get('ScheduleGroup');
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const list = [...schedules.values()].filter((s) => (!group || s.GroupName === group) && s.Name.startsWith(prefix));
      return [200, { Schedules: list.map((s) => ({ Name: s.Name, GroupName: s.GroupName, Arn: s.Arn, State: s.State, Target: { Arn: s.Target.Arn }, CreationDate: s.CreationDate, LastModificationDate: s.LastModificationDate })) }];
    }
    const group = method === 'GET' || method === 'DELETE' ? url.searchParams.get('groupName') ?? 'default' : String(body.GroupName ?? 'default');
    const existing = schedules.get(key(group, name));
    const missing = () => new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    switch (method) {
      case 'POST': {
        if (existing) throw new ApiError(409, 'ConflictException', `Schedule ${name} already exists.`);
        const s = fromBody(name, body);
        schedules.set(key(group, name), s);
        save();
        log(`[scheduler] created ${group}/${name}: ${s.ScheduleExpression} ${s.ScheduleExpressionTimezone}`);
        return [200, { ScheduleArn: s.Arn }];
      }
      case 'PUT': {
        if (!existing) throw missing();
        const s = fromBody(name, body, existing);
        schedules.set(key(group, name), s);
        save();
        log(`[scheduler] updated ${group}/${name}: ${s.ScheduleExpression} ${s.ScheduleExpressionTimezone}`);
        return [200, { ScheduleArn: s.Arn }];
      }
      case 'DELETE':
        if (!existing) throw missing();
        schedules.delete(key(group, name));
        save();
        log(`[scheduler] deleted ${group}/${name}`);
        return [200, {}];
      case 'GET':
        if (!existing) throw missing();
        return [200, { ...existing, FlexibleTimeWindow: { Mode: 'OFF' } }];
      default:
        throw new ApiError(404, 'UnknownOperationException', `${method} is not served locally`);
    }
  };

  const fireDue = async (at: Date): Promise<Fired[]> => {
    const minute = Math.floor(at.getTime() / 60_000) * 60_000;
    const due = [...schedules.values()].filter((s) => {
      if (s.State !== 'ENABLED' || firedAt.get(s.Arn) === minute) return false;
      const next = new Cron(cronPattern(s.ScheduleExpression), { timezone: s.ScheduleExpressionTimezone, paused: true }).nextRun(new Date(minute - 1000));
      return next?.getTime() === minute;
    });
    return Promise.all(due.map(async (s): Promise<Fired> => {
      firedAt.set(s.Arn, minute);
      const fired: Fired = { name: s.Name, group: s.GroupName, at: new Date(minute).toISOString() };
      try {
        fired.result = await opts.invoke(s.Target.Arn, s.Target.Input ? JSON.parse(s.Target.Input) : {});
      } catch (err) {
        fired.error = err instanceof Error ? err.message : String(err);
      }
      log(`[scheduler] ${s.GroupName}/${s.Name} at ${fired.at}: ${fired.error ?? JSON.stringify(fired.result)}`);
      return fired;
    }));
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      let body: Record<string, any> = {};
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) as Record<string, any> : {};
      } catch {
        return send(400, { Message: 'The body is not JSON' }, { 'x-amzn-ErrorType': 'ValidationException' });
      }
      if (url.pathname === '/__local/fire' && req.method === 'POST') {
        const at = new Date(String(body.at ?? ''));
        if (Number.isNaN(at.getTime())) return send(400, { error: 'at: an ISO instant is required' });
        void fireDue(at).then((fired) => send(200, { fired }), (err: unknown) => send(500, { error: String(err) }));
        return;
      }
      if (url.pathname === '/__local/schedules' && req.method === 'GET') return send(200, { schedules: [...schedules.values()] });
      try {
        const [status, out] = api(req.method ?? 'GET', url, body);
        send(status, out);
      } catch (err) {
        if (err instanceof ApiError) return send(err.status, { Message: err.message, __type: err.type }, { 'x-amzn-ErrorType': err.type });
        send(500, { Message: String(err) }, { 'x-amzn-ErrorType': 'InternalServerException' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  let timer: NodeJS.Timeout | null = null;
  if (opts.clock) {
    // Each minute, a little after it starts, whatever is due in it.
    const tick = () => {
      void fireDue(new Date()).catch((err: unknown) => log(`[scheduler] failed: ${String(err)}`));
      timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 1_000).unref();
    };
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 1_000).unref();
  }
  return {
    endpoint, schedules, fireDue,
    close: () => new Promise<void>((r) => { if (timer) clearTimeout(timer); server.closeAllConnections(); server.close(() => r()); }),
  };
}
