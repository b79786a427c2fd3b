/**
 * The `weekly-report` job (domain/weekly-report.ts queues it): mails one workspace's week to its owners
 * and admins, each member's mail claimed once before it is sent (a retry mails nobody twice).
 */
import type { ReportQuery } from '@cg/shared';
import { summaryRows } from '../reports/files.js';
import { registerJobRunner } from './jobs.js';
import type { MailPort } from './ports.js';
import { buildReport } from './reports.js';
import { stores } from './store-port.js';
import { WEEKLY_REPORT_KIND, type WeeklyReportParams } from './weekly-report.js';

const CLAIM_TTL_DAYS = 30;

/** The mail's text: the figures as the files show them, the link to the PDF and where to turn it off. */
export function weeklyReportText(workspaceName: string, rows: [string, string | number | null][], pdfUrl: string, reportsUrl: string): string {
  return [
    `The comments report of ${workspaceName} for the last 7 days.`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v ?? '-'}`),
    '',
    `Download it as a PDF (sign in first): ${pdfUrl}`,
    `See the charts: ${reportsUrl}`,
    '',
    `You receive this as an owner or admin of ${workspaceName}. Owners and admins can turn it off in Settings, Workspace.`,
  ].join('\n');
}

/** Mails one workspace's week to its owners and admins, each at most once; returns who was mailed now. */
export async function sendWeeklyReport(mail: MailPort, appUrl: string, workspaceId: string, week: WeeklyReportParams): Promise<{ mailed: number; skipped: number; comments: number | null }> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  if (!ws || ws.weeklyReport === false) return { mailed: 0, skipped: 0, comments: null };
  const recipients = (await stores.workspaces.listMembers(workspaceId)).filter((m) => m.role === 'owner' || m.role === 'admin');
  if (!recipients.length) return { mailed: 0, skipped: 0, comments: null };
  const query: ReportQuery = { range: 'custom', from: week.from, to: week.to };
  // Every comment of the week counts (the mail gives figures, no file is written here).
  const report = await buildReport(workspaceId, query, new Date(), Number.MAX_SAFE_INTEGER);
  const range = `range=custom&from=${week.from}&to=${week.to}`;
  const text = weeklyReportText(ws.name, summaryRows(report), `${appUrl}/api/reports/export?format=pdf&${range}`, `${appUrl}/reports`);
  const subject = `Weekly report for ${ws.name}: ${week.from} to ${week.to}`;
  let mailed = 0;
  let skipped = 0;
  for (const m of recipients) {
    const key = `weekly-report#${week.from}#${m.userId}`;
    if (!(await stores.automation.claimOnce(workspaceId, key, CLAIM_TTL_DAYS))) { skipped++; continue; }
    try {
      await mail.send({ to: m.email, subject, text });
      mailed++;
    } catch (err) {
      await stores.automation.releaseOnce(workspaceId, key);
      throw err;
    }
  }
  return { mailed, skipped, comments: report.comments };
}

/** Registers the `weekly-report` job's runner (the jobs function, with its mail adapter and the site's origin). */
export function registerWeeklyReportJob(mail: MailPort, appUrl: () => string): void {
  registerJobRunner<WeeklyReportParams, { mailed: number; skipped: number; comments: number | null }>(WEEKLY_REPORT_KIND, (ctx) => sendWeeklyReport(mail, appUrl(), ctx.workspaceId, ctx.params));
}
