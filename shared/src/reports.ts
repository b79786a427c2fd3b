/**
 * Reports (issue 11 item 8): one date range of a workspace (optionally one brand or one post), the
 * figures a business owner reads and exports as CSV, XLSX or PDF. Declared once; the server computes
 * them from the stored comments and their history, the app charts them, the exports write them.
 */
import * as z from 'zod';

export const REPORT_RANGES = ['today', '7d', '30d', '90d', 'custom'] as const;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
/** Inline exports hold at most this many comments in range; beyond it the export is a job with a download link. */
export const REPORT_INLINE_MAX = 10_000;
/** The brand's response-time target when none is set (minutes). */
export const DEFAULT_RESPONSE_TARGET_MINUTES = 60;

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-01.');

export const ReportQuery = z.object({
  range: z.enum(REPORT_RANGES).default('7d'),
  /** For range=custom: first and last day (UTC), at most 366 days apart. */
  from: Day.optional(),
  to: Day.optional(),
  brandId: z.string().max(200).optional(),
  postId: z.string().max(200).optional(),
}).refine((q) => q.range !== 'custom' || (q.from && q.to), 'A custom range needs from and to (YYYY-MM-DD).')
  .refine((q) => !q.from || !q.to || q.from <= q.to, 'from must not be after to.');
export type ReportQuery = z.infer<typeof ReportQuery>;

export const ReportExportQuery = z.object({ format: z.enum(REPORT_FORMATS) }).and(ReportQuery);

const Count = z.number().int().nonnegative();
export const ReportDay = z.object({ date: Day, comments: Count, positive: Count, negative: Count, neutral: Count });
export const Report = z.object({
  from: z.string(),
  to: z.string(),
  brandId: z.string().nullable(),
  postId: z.string().nullable(),
  comments: Count,
  byDay: z.array(ReportDay),
  sentiment: z.object({ positive: Count, negative: Count, neutral: Count, unanalysed: Count }),
  categories: z.record(z.string(), Count),
  /** Comments replied, hidden, deleted, dismissed; moderation actions taken automatically (rules, autopilot) or by people. */
  actions: z.object({ replied: Count, hidden: Count, deleted: Count, dismissed: Count, automatic: Count, human: Count }),
  responseTimes: z.object({
    targetMinutes: z.number(),
    /** Median minutes from the comment to our first reply / to its hiding; null when none. */
    medianFirstReplyMinutes: z.number().nullable(),
    medianHideMinutes: z.number().nullable(),
    /** Share of replied comments answered within the target (percent), null when none was replied. */
    answeredWithinTargetPct: z.number().nullable(),
    /** Share of comments written outside 09:00-18:00 UTC on weekdays (percent). */
    afterHoursPct: z.number().nullable(),
  }),
  /** The posts or ads with the most negative comments. */
  topNegativePosts: z.array(z.object({ postId: z.string(), negative: Count, comments: Count })),
  /** Decisions reviewed by a person per day and the share approved unchanged. */
  accuracyByDay: z.array(z.object({ date: Day, reviewed: Count, unchanged: Count, accuracyPct: z.number().nullable() })),
});
export type Report = z.infer<typeof Report>;

/**
 * The workspace's logo on its report files (PDF, XLSX): a PNG or JPEG up to LOGO_MAX_BYTES, sent
 * base64-encoded (PUT /api/workspace/logo); the server checks what the bytes are, not what they claim.
 */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const LogoBody = z.object({
  data: z.base64('must be the image as base64').max(Math.ceil(LOGO_MAX_BYTES / 3) * 4, `The logo may be at most ${LOGO_MAX_BYTES / 1024} KB.`),
});
export const WorkspaceLogo = z.object({ contentType: z.enum(LOGO_TYPES), bytes: z.number().int(), width: z.number().int(), height: z.number().int(), updatedAt: z.string() });
export type WorkspaceLogo = z.infer<typeof WorkspaceLogo>;
