/**
 * A report as a file (issue 11 item 8), written with well-kept libraries: csv-stringify, exceljs and
 * pdf-lib. They ship beside the bundle (infra/lib/packaging.ts) and load only when a file is asked for.
 * The workspace's logo, when it has one, heads the PDF and the XLSX summary. On Ultimate the files
 * carry only the workspace's name and logo, nothing of ours (white-label).
 */
import type { Report } from '@cg/shared';

export type ReportFormat = 'csv' | 'xlsx' | 'pdf';
export interface ReportFile { body: Buffer; contentType: string; fileName: string }
/** The workspace's name, its logo (a PNG or JPEG checked on upload) and whether the files carry only those (white-label). */
export interface ReportBranding { workspaceName: string; whiteLabel: boolean; logo?: { body: Buffer; contentType: 'image/png' | 'image/jpeg'; width: number; height: number } | null }

/** The logo's drawn size: at most `maxW` × `maxH`, its proportions kept. */
function fit(width: number, height: number, maxW: number, maxH: number): { width: number; height: number } {
  const k = Math.min(maxW / width, maxH / height, 1);
  return { width: width * k, height: height * k };
}

const PRODUCT = 'Pagewarden';
const CONTENT_TYPES: Record<ReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

const DAY_COLUMNS = ['date', 'comments', 'positive', 'negative', 'neutral', 'reviewed', 'approved_unchanged', 'accuracy_pct'] as const;

function dayRows(r: Report): (string | number | null)[][] {
  const accuracy = new Map(r.accuracyByDay.map((a) => [a.date, a]));
  return r.byDay.map((d) => {
    const a = accuracy.get(d.date);
    return [d.date, d.comments, d.positive, d.negative, d.neutral, a?.reviewed ?? 0, a?.unchanged ?? 0, a?.accuracyPct ?? null];
  });
}

/** The headline figures, in the order every format shows them. */
export function summaryRows(r: Report): [string, string | number | null][] {
  const t = r.responseTimes;
  return [
    ['From', r.from.slice(0, 10)], ['To (exclusive)', r.to.slice(0, 10)],
    ['Comments', r.comments],
    ['Positive', r.sentiment.positive], ['Negative', r.sentiment.negative], ['Neutral', r.sentiment.neutral], ['Not analysed', r.sentiment.unanalysed],
    ['Replied', r.actions.replied], ['Hidden', r.actions.hidden], ['Deleted', r.actions.deleted], ['Dismissed', r.actions.dismissed],
    ['Acted on automatically', r.actions.automatic], ['Acted on by people', r.actions.human],
    ['Median minutes to first reply', t.medianFirstReplyMinutes], ['Median minutes to hide', t.medianHideMinutes],
    [`Answered within ${t.targetMinutes} min (%)`, t.answeredWithinTargetPct], ['Written after hours (%)', t.afterHoursPct],
    ...Object.entries(r.categories).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [`Category: ${k}`, v] as [string, number]),
  ];
}

/** The range's first and last day (`to` is the instant after the range). */
const days = (r: Report) => [r.from.slice(0, 10), new Date(Date.parse(r.to) - 1).toISOString().slice(0, 10)] as const;

function title(r: Report, b: ReportBranding): string {
  const owner = b.whiteLabel ? b.workspaceName : `${PRODUCT} · ${b.workspaceName}`;
  return `${owner} — comments report ${days(r).join(' to ')}`;
}

async function csv(r: Report): Promise<Buffer> {
  const { stringify } = await import('csv-stringify/sync');
  const total = ['total', r.comments, r.sentiment.positive, r.sentiment.negative, r.sentiment.neutral,
    r.accuracyByDay.reduce((n, a) => n + a.reviewed, 0), r.accuracyByDay.reduce((n, a) => n + a.unchanged, 0), null];
  return Buffer.from(stringify([[...DAY_COLUMNS], ...dayRows(r), total]), 'utf8');
}

async function xlsx(r: Report, b: ReportBranding): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.creator = b.whiteLabel ? b.workspaceName : PRODUCT;
  const summary = book.addWorksheet('Summary');
  summary.addRow([title(r, b)]).font = { bold: true, size: 14 };
  summary.addRow([]);
  for (const row of summaryRows(r)) summary.addRow(row);
  summary.getColumn(1).width = 34;
  summary.getColumn(2).width = 14;
  if (b.logo) {
    const image = book.addImage({ buffer: b.logo.body as never, extension: b.logo.contentType === 'image/png' ? 'png' : 'jpeg' });
    summary.addImage(image, { tl: { col: 3, row: 0 }, ext: fit(b.logo.width, b.logo.height, 160, 48) });
  }
  const days = book.addWorksheet('By day');
  days.addRow([...DAY_COLUMNS]).font = { bold: true };
  for (const row of dayRows(r)) days.addRow(row);
  const posts = book.addWorksheet('Top negative posts');
  posts.addRow(['post_id', 'negative', 'comments']).font = { bold: true };
  for (const p of r.topNegativePosts) posts.addRow([p.postId, p.negative, p.comments]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function pdf(r: Report, b: ReportBranding): Promise<Buffer> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(title(r, b));
  doc.setProducer(b.whiteLabel ? b.workspaceName : PRODUCT);
  doc.setCreator(b.whiteLabel ? b.workspaceName : PRODUCT);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts speak WinAnsi only: anything else is replaced rather than failing the report.
  const safe = (s: string) => s.replace(/—/g, '-').replace(/·/g, '-').replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');
  let page = doc.addPage([595, 842]);
  let y = 800;
  const line = (text: string, opts: { size?: number; strong?: boolean; x?: number } = {}) => {
    if (y < 50) { page = doc.addPage([595, 842]); y = 800; }
    page.drawText(safe(text), { x: opts.x ?? 50, y, size: opts.size ?? 10, font: opts.strong ? bold : font, color: rgb(0.1, 0.1, 0.15) });
    y -= (opts.size ?? 10) + 6;
  };
  // A copy of its own: pdf-lib reads the whole underlying ArrayBuffer, and a small Buffer shares a pool.
  const logo = b.logo ? await (b.logo.contentType === 'image/png' ? doc.embedPng(new Uint8Array(b.logo.body)) : doc.embedJpg(new Uint8Array(b.logo.body))) : null;
  if (logo && b.whiteLabel) {
    // White-label: the workspace's logo heads the page, the title under it.
    const size = fit(logo.width, logo.height, 200, 48);
    page.drawImage(logo, { x: 50, y: y + 18 - size.height, ...size });
    y -= size.height + 4;
    line(title(r, b), { size: 13, strong: true });
  } else {
    // The workspace's logo at the top right, then the mark (a filled square with the owner's initial) and the title.
    if (logo) {
      const size = fit(logo.width, logo.height, 120, 36);
      page.drawImage(logo, { x: 545 - size.width, y: 818 - size.height, ...size });
      y = 810 - size.height;
    }
    page.drawRectangle({ x: 50, y: y - 4, width: 22, height: 22, color: rgb(0.16, 0.32, 0.75) });
    page.drawText(safe((b.whiteLabel ? b.workspaceName : PRODUCT).charAt(0).toUpperCase()), { x: 56, y: y + 2, size: 14, font: bold, color: rgb(1, 1, 1) });
    line(title(r, b), { size: 13, strong: true, x: 80 });
  }
  y -= 10;
  for (const [k, v] of summaryRows(r)) line(`${k}: ${v ?? '-'}`);
  y -= 10;
  line('By day: date, comments, positive, negative, neutral, reviewed, approved unchanged, accuracy %', { strong: true });
  for (const row of dayRows(r)) line(row.map((v) => v ?? '-').join(', '));
  if (r.topNegativePosts.length) {
    y -= 10;
    line('Posts with the most negative comments: post, negative, comments', { strong: true });
    for (const p of r.topNegativePosts) line(`${p.postId}, ${p.negative}, ${p.comments}`);
  }
  return Buffer.from(await doc.save());
}

export async function reportFile(r: Report, format: ReportFormat, b: ReportBranding): Promise<ReportFile> {
  const body = format === 'csv' ? await csv(r) : format === 'xlsx' ? await xlsx(r, b) : await pdf(r, b);
  return { body, contentType: CONTENT_TYPES[format], fileName: `report-${days(r).join('-')}.${format}` };
}
