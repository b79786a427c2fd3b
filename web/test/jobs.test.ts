/** Jobs in the app (issue 13): a 202 {job} answer is followed to its end (polling and socket messages), its bar state kept in one store. */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Job } from '@cg/shared';
import { createQueryClient } from '../src/lib/queryClient';
import { LiveCache } from '../src/lib/live';
import { currentJobs, dismissJob, JobFailed, resultOf, updateJob, waitForJob } from '../src/lib/jobs';

const job = (over: Partial<Job> = {}): Job => ({
  id: 'j1', kind: 'bulk', status: 'queued', progress: 0, done: 0, total: 200, result: null, error: null, attempts: 0,
  createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z', finishedAt: null, ...over,
});

let answers: Job[] = [];
const calls: string[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  answers = [];
  calls.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(next), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  for (const j of currentJobs()) dismissJob(j.id);
});

describe('following a job', () => {
  test("resultOf gives an immediate answer as it is, and a job's result once GET /api/jobs/{id} says it succeeded", async () => {
    expect(await resultOf({ action: 'hide', total: 1 })).toEqual({ action: 'hide', total: 1 });
    answers = [
      job({ status: 'running', progress: 40, done: 80, updatedAt: '2026-11-22T10:00:01.000Z' }),
      job({ status: 'succeeded', progress: 100, done: 200, result: { succeeded: 200 }, updatedAt: '2026-11-22T10:00:02.000Z' }),
    ];
    const result = resultOf({ job: job() });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await result).toEqual({ succeeded: 200 });
    expect(calls).toEqual(['/api/jobs/j1', '/api/jobs/j1']);
    // The bar stays (at 100 %) until dismissed.
    expect(currentJobs().map((j) => [j.id, j.status, j.progress])).toEqual([['j1', 'succeeded', 100]]);
  });

  test('a failed job rejects with its error', async () => {
    answers = [job({ status: 'failed', error: 'Stripe is down', updatedAt: '2026-11-22T10:00:01.000Z' })];
    const waiting = waitForJob(job()).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    const err = await waiting;
    expect(err).toBeInstanceOf(JobFailed);
    expect((err as Error).message).toBe('Stripe is down');
  });

  test('socket messages move a followed job forward, never back, keep its file links, and leave unknown jobs alone', () => {
    const live = new LiveCache(createQueryClient());
    updateJob(job({ files: [{ name: 'a.csv', url: 'https://x/a.csv', expiresAt: '2026-11-22T10:15:00.000Z' }] }), true);
    live.handle(JSON.stringify({ type: 'job_progress', job: job({ status: 'running', progress: 50, updatedAt: '2026-11-22T10:00:05.000Z' }) }));
    live.handle(JSON.stringify({ type: 'job_progress', job: job({ status: 'running', progress: 20, updatedAt: '2026-11-22T10:00:03.000Z' }) }));
    live.handle(JSON.stringify({ type: 'job_progress', job: job({ id: 'other', status: 'running' }) }));
    expect(currentJobs().map((j) => [j.id, j.progress, j.files?.length])).toEqual([['j1', 50, 1]]);
    live.stop();
  });
});
