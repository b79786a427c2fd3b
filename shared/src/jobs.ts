/**
 * Background jobs (issue 13 item 3): long work (sync, Process All, bulk actions, backtests, export,
 * account or workspace deletion) runs in the jobs function; the HTTP call answers 202 with the job,
 * whose progress is pushed over the WebSocket (`job_progress`) and read with GET /api/jobs/{id}.
 */
import * as z from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const JobStatus = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatus>;

/** A file a job wrote (an export): downloaded through a short-lived signed link. */
export const JobFile = z.object({ name: z.string(), url: z.string(), expiresAt: z.string() });
export type JobFile = z.infer<typeof JobFile>;

export const Job = z.object({
  id: z.string(),
  /** What runs: sync, process-all, bulk, export, delete-workspace, delete-account, scheduled-sync, backtest … */
  kind: z.string(),
  status: JobStatus,
  /** 0-100. */
  progress: z.number(),
  done: z.number(),
  total: z.number().nullable(),
  /** The runner's answer once succeeded (the body the route gave before jobs, where it had one). */
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  /** Deliveries so far (a failed attempt is retried and resumes from its checkpoint). */
  attempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Files the job wrote, each with a fresh signed link (GET /api/jobs/{id} signs them again). */
  files: z.array(JobFile).optional(),
});
export type Job = z.infer<typeof Job>;

/** The 202 answer of a route whose work became a job. */
export const JobAccepted = z.object({ job: Job });
export type JobAccepted = z.infer<typeof JobAccepted>;

/** True when an answer is a job (202 `{job}`), not the route's immediate body. */
export function isJobAccepted(body: unknown): body is JobAccepted {
  return !!body && typeof body === 'object' && 'job' in body && !!(body as { job?: { id?: unknown } }).job?.id;
}
