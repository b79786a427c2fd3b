/**
 * The weekly report by mail (issue 11 item 8). The `weekly` schedule (shared/src/schedules.ts) fans out
 * one `weekly-report` job per workspace the automation works for; each job mails the workspace's owners
 * and admins the key figures of the last 7 full UTC days (buildReport, the same figures as the Reports
 * page and the files) with a link to download that week's PDF after signing in. A workspace turns it off
 * with its `weeklyReport` setting (Settings → Workspace). Each member's mail for a week is claimed once
 * before it is sent, so a retried job or a second run of the schedule mails nobody twice; a mail that
 * could not be sent gives its claim back for the retry.
 *
 * This module is the schedule's side (the automation function: light, no report libraries); the job's
 * runner, which builds the report, is domain/weekly-report-job.ts (the jobs function).
 */
import { startJobs } from './jobs.js';

const DAY_MS = 86_400_000;
export const WEEKLY_REPORT_KIND = 'weekly-report';

export interface WeeklyReportParams { from: string; to: string }

/** The 7 full UTC days before `now`'s day: first and last day (YYYY-MM-DD). */
export function lastWeek(now = new Date()): WeeklyReportParams {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: day(today - 7 * DAY_MS), to: day(today - DAY_MS) };
}

/** One `weekly-report` job per workspace (the schedule's fan-out); returns how many were queued. */
export async function fanOutWeeklyReports(workspaceIds: string[], now = new Date()): Promise<{ jobs: number; jobIds: string[] }> {
  const params = lastWeek(now);
  const jobIds: string[] = [];
  for (let i = 0; i < workspaceIds.length; i += 100) {
    const batch = workspaceIds.slice(i, i + 100).map((workspaceId) => ({ workspaceId, kind: WEEKLY_REPORT_KIND, params }));
    jobIds.push(...(await startJobs(batch)).map((j) => j.id));
  }
  return { jobs: jobIds.length, jobIds };
}

