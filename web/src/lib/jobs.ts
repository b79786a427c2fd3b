/**
 * Background jobs in the app (issue 13): a route that answers 202 `{job}` hands its work to a job;
 * the app follows it (WebSocket `job_progress` messages; GET /api/jobs/{id} as a fallback, after 1 s
 * then less and less often, up to every 30 s, and once more as soon as the socket says it ended, for its
 * result and file links) and shows its progress bar (features/jobs/JobProgress.tsx) until it ends. A
 * Process All of 5,000 comments so costs an open tab about a dozen requests, not one a second (issue 12).
 */
import { useSyncExternalStore } from 'react';
import { isJobAccepted, type Job } from '@cg/shared';
import { api } from './api';

export const POLL_MS = 1000;
export const MAX_POLL_MS = 30_000;
/** Stop following a job the app could not read for this long (signed out, workspace gone, offline). */
const GIVE_UP_MS = 60_000;

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

/** Resolves after `ms`, or as soon as a socket message says the job ended. */
function nextCheck(id: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const ended = () => { const j = jobs.get(id); return !!j && isFinished(j); };
    if (ended()) { resolve(); return; }
    const done = () => { clearTimeout(timer); off(); resolve(); };
    const timer = setTimeout(done, ms);
    const off = subscribeJobs(() => { if (ended()) done(); });
  });
}

/** Follows a job to its end (its bar shows meanwhile); resolves with the finished job, rejects with JobFailed. */
export async function waitForJob(start: Job): Promise<Job> {
  updateJob(start, true);
  let job = start;
  let wait = POLL_MS;
  let failingSince: number | null = null;
  while (!isFinished(job)) {
    await nextCheck(job.id, wait);
    wait = Math.min(MAX_POLL_MS, Math.round(wait * 1.5));
    const seen = jobs.get(job.id);
    // The socket may have told us first; one poll still fetches the result and the file links.
    const fresh = await api('getJob', { params: { id: job.id } }).catch(() => null);
    // Unreadable for a minute: stop following; the socket may still finish it.
    failingSince = fresh ? null : failingSince ?? Date.now();
    if (failingSince !== null && Date.now() - failingSince >= GIVE_UP_MS) throw new Error('Lost track of the background job; reload to see its result.');
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
