/**
 * Reports (issue 11 item 8): the figures of one date range, read from the stored comments (keyset pages,
 * newest first, from the range's end back to its start) and, for the comments someone acted on, their
 * history (who acted, automatically or not, and when). A range holding more than REPORT_INLINE_MAX
 * comments is refused here with the count; the export route turns that into a job.
 */
import { DEFAULT_RESPONSE_TARGET_MINUTES, mapLimited, planHasFeature, REPORT_INLINE_MAX, type Job, type Report, type ReportQuery } from '@cg/shared';
import { reportFile, type ReportBranding, type ReportFile, type ReportFormat } from '../reports/files.js';
import { AUTOMATION_ACTOR } from './auto-actions.js';
import { Invalid, Missing } from './errors.js';
import { registerJobRunner, startJob } from './jobs.js';
import { readLogo } from './logo.js';
import type { StoredComment } from './model.js';
import { stores } from './store-port.js';

const DAY_MS = 86_400_000;
const PAGE = 500;
const HISTORY_CONCURRENCY = 16;
const MAX_CUSTOM_DAYS = 366;
const UNDOING = new Set(['unhide', 'delete_reply', 'unflag', 'unassign']);

export class ReportTooLarge extends Error {
  constructor(readonly comments: number) {
    super(`More than ${REPORT_INLINE_MAX.toLocaleString('en-US')} comments in range.`);
    this.name = 'ReportTooLarge';
  }
}

const dayOf = (iso: string) => iso.slice(0, 10);
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** The range's first instant and the instant after its end (UTC days; today ends now). */
export function rangeBounds(q: ReportQuery, now = new Date()): { from: Date; to: Date } {
  const today = startOfDay(now);
  if (q.range === 'custom') {
    const from = new Date(`${q.from}T00:00:00.000Z`);
    const to = new Date(Date.parse(`${q.to}T00:00:00.000Z`) + DAY_MS);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new Invalid('from and to must be real dates (YYYY-MM-DD).');
    if ((to.getTime() - from.getTime()) / DAY_MS > MAX_CUSTOM_DAYS) throw new Invalid(`A custom range spans at most ${MAX_CUSTOM_DAYS} days.`);
    return { from, to };
  }
  const days = q.range === 'today' ? 1 : Number(q.range.slice(0, -1));
  return { from: new Date(today.getTime() - (days - 1) * DAY_MS), to: new Date(Math.min(now.getTime() + 1, today.getTime() + DAY_MS)) };
}

/** The comments written in range (on the brand's accounts / the one post when asked), newest first. */
async function commentsInRange(workspaceId: string, q: ReportQuery, from: Date, to: Date, max: number): Promise<StoredComment[]> {
  let accountIds: string[] | undefined;
  if (q.brandId) {
    accountIds = (await stores.accounts.listAccounts(workspaceId)).filter((a) => a.brandId === q.brandId || a.id === q.brandId).map((a) => a.id);
    if (!accountIds.length) throw new Missing('No such brand in this workspace.');
  }
  const found: StoredComment[] = [];
  let after: string | undefined = to.toISOString();
  for (;;) {
    const page = await stores.commentPages.listCommentPage(workspaceId, { queue: false, accountIds, after }, PAGE);
    for (const s of page.items) {
      if (s.comment.timestamp < from.toISOString()) return found;
      if (q.postId && s.comment.postId !== q.postId && s.comment.adId !== q.postId) continue;
      found.push(s);
      if (found.length > max) throw new ReportTooLarge(found.length);
    }
    const last = page.items.at(-1);
    if (!page.more || !last) return found;
    after = page.resumeAfter ?? `${last.comment.timestamp}#${last.comment.id}`;
  }
}

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return Math.round((s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) * 10) / 10;
}

const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

function afterHours(iso: string): boolean {
  const d = new Date(iso);
  const day = d.getUTCDay();
  const hour = d.getUTCHours();
  return day === 0 || day === 6 || hour < 9 || hour >= 18;
}

const acted = (s: StoredComment) => !!s.comment.reply || s.comment.isHidden === true || s.comment.status === 'deleted' || s.comment.dismissed === true;

/** The report of one range; more than `max` comments in range is a ReportTooLarge. */
export async function buildReport(workspaceId: string, q: ReportQuery, now = new Date(), max = REPORT_INLINE_MAX): Promise<Report> {
  const { from, to } = rangeBounds(q, now);
  const items = await commentsInRange(workspaceId, q, from, to, max);
  const byDay = new Map<string, Report['byDay'][number]>();
  for (let t = from.getTime(); t < to.getTime(); t += DAY_MS) {
    const date = dayOf(new Date(t).toISOString());
    byDay.set(date, { date, comments: 0, positive: 0, negative: 0, neutral: 0 });
  }
  const accuracy = new Map([...byDay.keys()].map((date) => [date, { date, reviewed: 0, unchanged: 0 }]));
  const sentiment = { positive: 0, negative: 0, neutral: 0, unanalysed: 0 };
  const categories: Record<string, number> = {};
  const posts = new Map<string, { postId: string; negative: number; comments: number }>();
  let outside = 0;
  for (const { comment: c, review } of items) {
    const date = dayOf(c.timestamp);
    const day = byDay.get(date);
    const feeling = c.aiDecision?.sentiment;
    if (day) { day.comments++; if (feeling) day[feeling]++; }
    if (feeling) sentiment[feeling]++;
    else sentiment.unanalysed++;
    const category = c.aiDecision?.category;
    if (category) categories[category] = (categories[category] ?? 0) + 1;
    const postId = c.adId ?? c.postId;
    if (postId) {
      const p = posts.get(postId) ?? { postId, negative: 0, comments: 0 };
      p.comments++;
      if (feeling === 'negative') p.negative++;
      posts.set(postId, p);
    }
    if (review) {
      const a = accuracy.get(date);
      if (a) { a.reviewed++; if (review === 'unchanged') a.unchanged++; }
    }
    if (afterHours(c.timestamp)) outside++;
  }

  const actions = { replied: 0, hidden: 0, deleted: 0, dismissed: 0, automatic: 0, human: 0 };
  const replyMinutes: number[] = [];
  const hideMinutes: number[] = [];
  // A report of one brand measures against that brand's response-time target (Brand voice); otherwise the default.
  const brand = q.brandId ? (await stores.accounts.listAccounts(workspaceId)).find((a) => a.brandId === q.brandId || a.id === q.brandId)?.brandId : undefined;
  const target = (brand && (await stores.brands.getBrand(workspaceId, brand)).voice?.responseTargetMinutes) || DEFAULT_RESPONSE_TARGET_MINUTES;
  const histories = await mapLimited(items.filter(acted), HISTORY_CONCURRENCY, async (s) => ({ s, history: await stores.claims.listHistory(workspaceId, s.comment.id) }));
  for (const { s, history } of histories) {
    const c = s.comment;
    if (c.reply) actions.replied++;
    if (c.isHidden) actions.hidden++;
    if (c.status === 'deleted') actions.deleted++;
    if (c.dismissed) actions.dismissed++;
    const writtenAt = Date.parse(c.timestamp);
    const chronological = [...history].sort((a, b) => a.at.localeCompare(b.at));
    const firstHide = chronological.find((h) => h.action === 'hide' || h.action === 'approve' && c.aiDecision?.decision === 'hide');
    if (c.reply) replyMinutes.push((Date.parse(c.reply.at) - writtenAt) / 60_000);
    if (firstHide) hideMinutes.push((Date.parse(firstHide.at) - writtenAt) / 60_000);
    // Each moderation action counts once, for whoever took it (undoing one is not a new action).
    for (const h of chronological.filter((e) => !UNDOING.has(e.action))) {
      if (h.by?.startsWith(AUTOMATION_ACTOR)) actions.automatic++;
      else actions.human++;
    }
  }

  return {
    from: from.toISOString(), to: to.toISOString(), brandId: q.brandId ?? null, postId: q.postId ?? null,
    comments: items.length,
    byDay: [...byDay.values()],
    sentiment,
    categories,
    actions,
    responseTimes: {
      targetMinutes: target,
      medianFirstReplyMinutes: median(replyMinutes),
      medianHideMinutes: median(hideMinutes),
      answeredWithinTargetPct: pct(replyMinutes.filter((m) => m <= target).length, replyMinutes.length),
      afterHoursPct: pct(outside, items.length),
    },
    topNegativePosts: [...posts.values()].filter((p) => p.negative > 0).sort((a, b) => b.negative - a.negative || b.comments - a.comments).slice(0, 10),
    accuracyByDay: [...accuracy.values()].map((a) => ({ ...a, accuracyPct: pct(a.unchanged, a.reviewed) })),
  };
}

export interface ReportExportParams { query: ReportQuery; format: ReportFormat }

/** Workspace name, logo and white-label (on the plan that has it) for the file's header. */
export async function branding(workspaceId: string): Promise<ReportBranding> {
  const ws = await stores.workspaces.getWorkspace(workspaceId);
  const logo = ws?.logo ? await readLogo(workspaceId) : null;
  return {
    workspaceName: ws?.name ?? 'Workspace', whiteLabel: !!ws && planHasFeature(ws.subscriptionPlan, 'whiteLabel'),
    logo: logo && ws?.logo ? { ...logo, width: ws.logo.width, height: ws.logo.height } : null,
  };
}

/** The report as a file for up to REPORT_INLINE_MAX comments in range; beyond it, a job writes the file (202 {job}). */
export async function exportReport(workspaceId: string, userId: string | null, query: ReportQuery, format: ReportFormat): Promise<{ file: ReportFile } | { job: Job }> {
  try {
    return { file: await reportFile(await buildReport(workspaceId, query), format, await branding(workspaceId)) };
  } catch (err) {
    if (!(err instanceof ReportTooLarge)) throw err;
    return { job: await startJob(workspaceId, 'report-export', { query, format } satisfies ReportExportParams, { userId }) };
  }
}

registerJobRunner<ReportExportParams, { comments: number }>('report-export', async (ctx) => {
  await ctx.progress(0, null);
  const report = await buildReport(ctx.workspaceId, ctx.params.query, new Date(ctx.job.createdAt), Number.MAX_SAFE_INTEGER);
  const file = await reportFile(report, ctx.params.format, await branding(ctx.workspaceId));
  await ctx.writeFile(file.fileName, file.body, file.contentType);
  await ctx.progress(1, 1);
  return { comments: report.comments };
});
