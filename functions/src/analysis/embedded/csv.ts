/** Minimal RFC 4180 CSV reader for the labelled `id,text,label` sets. */
import { readFileSync } from 'node:fs';

export interface LabelledRow {
  id: string;
  text: string;
  label: string;
}

/** Parses CSV text into rows of fields (quotes, doubled quotes, newlines inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); field = '';
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows;
}

/** Reads a labelled file with a header naming id, text and label columns. */
export function readLabelled(path: string): LabelledRow[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (!header) return [];
  const idx = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${path}: missing column ${name}`);
    return i;
  };
  const [ii, ti, li] = [idx('id'), idx('text'), idx('label')];
  return rows.map((r) => ({ id: r[ii] ?? '', text: r[ti] ?? '', label: (r[li] ?? '').trim() }));
}
