/**
 * A backtest over a large history runs as a job (issue 13): up to BACKTEST_INLINE_MAX comments in
 * the workspace it answers in the request, beyond that POST /api/rules/{id}/backtest answers 202
 * {job} and the jobs function runs it (its result is the same BacktestResult).
 */
import type { BacktestResult, Job } from '@cg/shared';
import { registerJobRunner, startJob } from './jobs.js';
import { backtestRule, BACKTEST_MAX_COMMENTS, requireRule } from './rules.js';
import { stores } from './store-port.js';

export const BACKTEST_INLINE_MAX = 2_000;

interface BacktestParams { ruleId: string; days: number }

export async function backtestNowOrJob(workspaceId: string, ruleId: string, days: number, userId: string | null): Promise<{ body: BacktestResult } | { job: Job }> {
  await requireRule(workspaceId, ruleId);
  const total = (await stores.comments.getCounters(workspaceId)).total ?? 0;
  if (total <= BACKTEST_INLINE_MAX) return { body: await backtestRule(workspaceId, ruleId, days) };
  const estimate = Math.min(total, BACKTEST_MAX_COMMENTS);
  return { job: await startJob(workspaceId, 'backtest', { ruleId, days } satisfies BacktestParams, { userId, total: estimate }) };
}

/** The jobs function registers the runner (functions/src/handlers/jobs.ts). */
export function registerBacktestJob(): void {
  registerJobRunner<BacktestParams, BacktestResult>('backtest', (ctx) => backtestRule(ctx.workspaceId, ctx.params.ruleId, ctx.params.days, (read) => ctx.progress(read, Math.max(read, ctx.job.total ?? read))));
}
