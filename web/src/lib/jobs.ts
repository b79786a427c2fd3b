/**
 * Background jobs in the app (issue 13): a route that answers 202 `{job}` hands its work to a job;
 * the app follows it (WebSocket `job_progress` messages, and GET /api/jobs/{id} every second as a
 * fallback) and shows its progress bar (features/jobs/JobProgress.tsx) until it ends.
 */
import { useSyncExternalStore } from 'react';
import { isJobAccepted, type Job } from '@cg/shared';
import { api } from './api';

export const POLL_MS = 1000;

const jobs = new Map<string, Job>();
const listeners = new Set<() => void>();
let snapshot: Job[] = [];

function emit(): void {
  snapshot = [...jobs.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const l of listeners) l();
}

/** Shows a job (or its newer state); a message about a job the app does not follow is ignored. */
export function updateJob(job: Job, follow = false): void {
  const known = jobs.get(job.id);
  if (!known && !follow) return;
  // Out-of-order answers never move a job back.
  if (known && known.updatedAt > job.updatedAt) return;
  // A socket message carries no file links (nor a big result): keep those the last poll gave.
  jobs.set(job.id, { ...job, files: job.files ?? known?.files, result: job.result ?? known?.result ?? null });
  emit();
}

export function dismissJob(id: string): void {
  if (jobs.delete(id)) emit();
}

/** Calls `listener` after every change; returns the unsubscribe. */
export function subscribeJobs(listener: () => void): () => void {
  listeners.add(listener);
  return () => { listeners.delete(listener); };
}

/** The followed jobs, oldest first. */
export const currentJobs = (): Job[] => snapshot;

export function useJobs(): Job[] {
  return useSyncExternalStore(subscribeJobs, currentJobs);
}

export const isFinished = (j: Job) => j.status === 'succeeded' || j.status === 'failed';

export class JobFailed extends Error {
  constructor(readonly job: Job) { super(job.error ?? 'The job failed'); }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Follows a job to its end (its bar shows meanwhile); resolves with the finished job, rejects with JobFailed. */
export async function waitForJob(start: Job): Promise<Job> {
  updateJob(start, true);
  let job = start;
  let misses = 0;
  while (!isFinished(job)) {
    await sleep(POLL_MS);
    const seen = jobs.get(job.id);
    // The socket may have told us first; one poll still fetches the file links.
    const fresh = await api('getJob', { params: { id: job.id } }).catch(() => null);
    // Unreadable for a minute (signed out, workspace gone, offline): stop following; the socket may still finish it.
    misses = fresh ? 0 : misses + 1;
    if (misses >= 60) throw new Error('Lost track of the background job; reload to see its result.');
    job = fresh ?? seen ?? job;
    if (fresh) updateJob(fresh, true);
  }
  if (job.status === 'failed') throw new JobFailed(job);
  return job;
}

/** The route's own answer: immediately, or the job's result once it finished. */
export async function resultOf<T>(answer: T | { job: Job }): Promise<T> {
  if (!isJobAccepted(answer)) return answer as T;
  return (await waitForJob(answer.job)).result as T;
}
