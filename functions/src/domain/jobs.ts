/**
 * Background jobs (issue 13 item 3): work too long for a 29-second API request runs in the jobs
 * function, driven by the jobs queue (SQS). A job is a record (status, progress, result, error)
 * under its own key; its progress is pushed over the WebSocket (`job_progress`) and read with
 * GET /api/jobs/{id}.
 *
 * Generic API:
 * - `registerJobRunner(kind, runner)`: what a kind does (the jobs function imports the modules that
 *   register runners: functions/src/handlers/jobs.ts);
 * - `startJob(workspaceId, kind, params, opts)`: records the job, queues it, returns its view (the
 *   route answers 202 `{job}`);
 * - `runJob(jobId)`: the jobs function runs one attempt. A runner reports progress and may save a
 *   checkpoint; an attempt that throws is queued again after a growing delay (up to MAX_JOB_ATTEMPTS
 *   attempts) and resumes from the checkpoint, so runners must be idempotent. A DomainError that
 *   retrying cannot change (invalid, forbidden, not found, payment) fails the job at once. An attempt
 *   that dies without an answer (a crash, the function's timeout) comes back through SQS itself.
 */
import { randomUUID } from 'node:crypto';
import type { Job } from '@cg/shared';
import { DomainError, Missing } from './errors.js';
import type { FileStorePort } from './files-port.js';
import type { Notifier } from './ports.js';
import { stores, withRequestScope, type JobRecord } from './store-port.js';

export type { JobRecord };

/** Attempts of one job before it is marked failed. */
export const MAX_JOB_ATTEMPTS = 5;
/** How long a file link (an export) works. */
export const FILE_LINK_TTL_SECONDS = 15 * 60;
/** Progress is written and pushed at most this often (and always at the end). */
const PROGRESS_EVERY_MS = 250;

export interface JobQueuePort {
  /** Queues one message per job id (after `delaySeconds`, at most 900); throws when any could not be queued. */
  send(jobIds: string[], delaySeconds?: number): Promise<void>;
}

export interface JobPorts {
  queue: JobQueuePort;
  notifier?: Notifier | null;
  files?: FileStorePort | null;
}

let ports: JobPorts | null = null;

/** Binds the jobs queue, the notifier and the file store (the composition root, once per process). */
export function bindJobs(p: JobPorts): void {
  ports = p;
}

function bound(): JobPorts {
  if (!ports) throw new Error('No jobs queue is bound: the composition root (functions/src/handlers/deps.ts) binds it with bindJobs');
  return ports;
}

/** The file store bound with the jobs (workspace logos live there too). */
export function boundFiles(): FileStorePort {
  const files = bound().files;
  if (!files) throw new Error('No file store is bound: the composition root binds one with bindJobs');
  return files;
}

export interface JobContext<P = unknown> {
  job: JobRecord;
  params: P;
  workspaceId: string;
  userId: string | null;
  /** 1 for the first delivery. */
  attempt: number;
  /** The checkpoint a previous attempt saved (undefined on the first). */
  state: unknown;
  /** Reports progress: `done` of `total` units (written at most every 250 ms, pushed over the socket). */
  progress(done: number, total?: number | null): Promise<void>;
  /** Saves where the work stands, so a retried attempt resumes from here. */
  checkpoint(state: unknown): Promise<void>;
  /** Writes a file (an export) and attaches it to the job: GET /api/jobs/{id} gives a signed link to it. */
  writeFile(name: string, body: Buffer | string, contentType: string): Promise<void>;
}

export type JobRunner<P = any, R = unknown> = (ctx: JobContext<P>) => Promise<R>;

const runners = new Map<string, JobRunner>();

/** Declares what a kind of job does (one runner per kind). */
export function registerJobRunner<P, R>(kind: string, runner: JobRunner<P, R>): void {
  runners.set(kind, runner as JobRunner);
}

export function hasJobRunner(kind: string): boolean {
  return runners.has(kind);
}

function percent(j: Pick<JobRecord, 'status' | 'done' | 'total'>): number {
  if (j.status === 'succeeded') return 100;
  if (!j.total) return 0;
  return Math.min(99, Math.floor((j.done / j.total) * 100));
}

/** The job as callers see it; `withLinks` signs a fresh link for each file. */
export async function jobView(j: JobRecord, withLinks = false): Promise<Job> {
  const view: Job = {
    id: j.id, kind: j.kind, status: j.status, progress: percent(j), done: j.done, total: j.total,
    result: j.result ?? null, error: j.error, attempts: j.attempts, createdAt: j.createdAt, updatedAt: j.updatedAt, finishedAt: j.finishedAt,
  };
  if (withLinks && j.files?.length && j.status === 'succeeded') {
    const files = bound().files;
    if (files) {
      const expiresAt = new Date(Date.now() + FILE_LINK_TTL_SECONDS * 1000).toISOString();
      view.files = await Promise.all(j.files.map(async (f) => ({ name: f.name, url: await files.signedLink(f.key, f.name, FILE_LINK_TTL_SECONDS), expiresAt })));
    }
  }
  return view;
}

export interface StartOptions {
  userId?: string | null;
  /** Units of work when known up front (comments, items). */
  total?: number | null;
}

function newRecord(workspaceId: string, kind: string, params: unknown, opts: StartOptions): JobRecord {
  const at = new Date().toISOString();
  return {
    id: randomUUID(), workspaceId, userId: opts.userId ?? null, kind, status: 'queued', done: 0, total: opts.total ?? null,
    params: params ?? null, result: null, error: null, attempts: 0, createdAt: at, updatedAt: at, finishedAt: null,
  };
}

/** Records a job and queues it; the caller answers 202 with the returned view. */
export async function startJob(workspaceId: string, kind: string, params: unknown, opts: StartOptions = {}): Promise<Job> {
  const [job] = await startJobs([{ workspaceId, kind, params, ...opts }]);
  return job!;
}

/** Records and queues many jobs at once (the schedule's fan-out: one per workspace and brand). */
export async function startJobs(specs: ({ workspaceId: string; kind: string; params: unknown } & StartOptions)[]): Promise<Job[]> {
  const records = specs.map((s) => newRecord(s.workspaceId, s.kind, s.params, s));
  await Promise.all(records.map((r) => stores.jobs.createJob(r)));
  try {
    await bound().queue.send(records.map((r) => r.id));
  } catch (err) {
    const at = new Date().toISOString();
    await Promise.all(records.map((r) => stores.jobs.updateJob(r.id, { status: 'failed', error: 'Could not queue the job', updatedAt: at, finishedAt: at }).catch(() => undefined)));
    throw err;
  }
  return Promise.all(records.map((r) => jobView(r)));
}

/** A job of the caller's workspace (or one the caller started), with fresh file links. */
export async function getJobFor(caller: { workspaceId: string | null; userId: string }, jobId: string): Promise<Job> {
  const job = await stores.jobs.getJob(jobId);
  if (!job || (job.workspaceId !== caller.workspaceId && job.userId !== caller.userId)) throw new Missing('No job with this id in this workspace');
  return jobView(job, true);
}

/** A WebSocket frame is at most 128 KB: a bigger result (a bulk action's per-comment list) is read with GET /api/jobs/{id}. */
const PUSHED_RESULT_MAX_CHARS = 16_000;

async function push(job: JobRecord): Promise<void> {
  const notifier = bound().notifier;
  if (!notifier) return;
  const view = await jobView(job);
  if (view.result !== null && JSON.stringify(view.result).length > PUSHED_RESULT_MAX_CHARS) view.result = null;
  await notifier.notify(job.workspaceId, { type: 'job_progress', job: view }).catch((err: unknown) => console.warn('[jobs] progress not pushed', job.id, (err as Error).message));
}

const PERMANENT = new Set(['invalid', 'forbidden', 'not_found', 'payment', 'unauthenticated']);

/** Seconds before attempt n+1 (n failed so far): 5, 20, 45, 80 … capped at SQS's 15 minutes. */
export function retryDelaySeconds(failed: number): number {
  return Math.min(900, 5 * failed * failed);
}

/**
 * Runs one attempt of a job. Returns when the job finished (succeeded, or failed for good) or its
 * next attempt is queued; throws only when that could not be queued (SQS then delivers this one again).
 */
export async function runJob(jobId: string): Promise<void> {
  const stored = await stores.jobs.getJob(jobId);
  if (!stored || stored.status === 'succeeded' || stored.status === 'failed') return; // gone, or a duplicate delivery
  const runner = runners.get(stored.kind);
  const delivery = { attempt: (stored.attempts ?? 0) + 1 };
  const job: JobRecord = { ...stored, status: 'running', attempts: delivery.attempt, updatedAt: new Date().toISOString() };
  const write = async (fields: Partial<JobRecord>) => {
    Object.assign(job, fields, { updatedAt: new Date().toISOString() });
    await stores.jobs.updateJob(job.id, { ...fields, updatedAt: job.updatedAt });
  };
  if (!runner) {
    await write({ status: 'failed', error: `No runner for jobs of kind "${stored.kind}"`, finishedAt: new Date().toISOString() });
    await push(job);
    return;
  }
  await write({ status: 'running', attempts: delivery.attempt });
  await push(job);
  let lastWrite = 0;
  const ctx: JobContext = {
    job, params: stored.params, workspaceId: stored.workspaceId, userId: stored.userId, attempt: delivery.attempt, state: stored.state,
    async progress(done, total) {
      job.done = done;
      if (total !== undefined) job.total = total;
      const now = Date.now();
      if (now - lastWrite < PROGRESS_EVERY_MS && !(job.total && done >= job.total)) return;
      lastWrite = now;
      await write({ done: job.done, total: job.total });
      await push(job);
    },
    async checkpoint(state) {
      ctx.state = state;
      await write({ state });
    },
    async writeFile(name, body, contentType) {
      const files = bound().files;
      if (!files) throw new Error('No file store is bound: the composition root binds one with bindJobs');
      const key = `jobs/${job.workspaceId}/${job.id}/${name}`;
      await files.put(key, body, contentType);
      await write({ files: [...(job.files ?? []).filter((f) => f.name !== name), { name, key, contentType }] });
    },
  };
  try {
    const result = await withRequestScope(() => runner(ctx));
    await write({ status: 'succeeded', result: result ?? null, error: null, done: job.total ?? job.done, finishedAt: new Date().toISOString() });
    await push(job);
  } catch (err) {
    const message = (err as Error)?.message ?? String(err);
    const permanent = err instanceof DomainError && PERMANENT.has(err.kind);
    if (permanent || delivery.attempt >= MAX_JOB_ATTEMPTS) {
      console.error('[jobs] failed', job.kind, job.id, err);
      await write({ status: 'failed', error: message, finishedAt: new Date().toISOString() });
      await push(job);
      return;
    }
    console.warn('[jobs] attempt failed, retried', job.kind, job.id, delivery.attempt, message);
    await write({ status: 'queued', error: message }).catch(() => undefined);
    await push(job);
    await bound().queue.send([job.id], retryDelaySeconds(delivery.attempt));
  }
}
