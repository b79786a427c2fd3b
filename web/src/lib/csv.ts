/** CSV (RFC 4180) for the audit-log export, and a browser download of it. */
import type { AuditEntry } from '@cg/shared';

/**
 * One CSV field: quoted when it holds a comma, quote, CR or LF, or leading/trailing spaces, with quotes
 * doubled. A field a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with '.
 */
export function csvField(value: unknown): string {
  let s = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function isPair(v: unknown): v is { from?: unknown; to?: unknown } {
  return !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k === 'from' || k === 'to');
}

const show = (v: unknown) => (v === undefined || v === null ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

/** "role: viewer → moderator; name: Acme" from an entry's `changes`. */
export function describeChanges(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .map(([k, v]) => (isPair(v) ? `${k}: ${show(v.from)} → ${show(v.to)}` : `${k}: ${show(v)}`))
    .join('; ');
}

export const AUDIT_CSV_HEADER = ['Time', 'Who', 'Action', 'Target', 'Changes'] as const;

export function auditCsv(entries: readonly AuditEntry[]): string {
  return toCsv([AUDIT_CSV_HEADER, ...entries.map((e) => [e.at, e.actorEmail || e.actorId, e.action, e.target, describeChanges(e.changes)])]);
}

/** Save `text` as a file through a temporary object URL. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
