/**
 * `npm run analyse -- --in comments.csv --out decisions.csv [--brand brand.json]`: runs the embedded
 * analyser over a CSV with `id,text` (optional `language`, `author`; other columns ignored) and writes
 * `id,decision,sentiment,isSpam,isOffensive,language,confidence,reasons,reply`.
 * brand.json: {"businessName": "...", "voice": {"tone": "friendly"|"formal"|"playful", "defaultLanguage": "en"}, "knowledge": [...], "domains": ["acme.com"]}.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { EmbeddedAnalyser } from './embedded/analyser.js';
import type { BrandContext } from './port.js';

const COLUMNS = ['id', 'decision', 'sentiment', 'isSpam', 'isOffensive', 'language', 'confidence', 'reasons', 'reply'] as const;

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function analyseCsv(input: string, brand: BrandContext): Promise<string> {
  const rows = parse(input, { columns: (h: string[]) => h.map((c) => c.trim()), skip_empty_lines: true, bom: true, relax_column_count: true }) as Array<Record<string, string>>;
  if (rows.length && (!('id' in rows[0]!) || !('text' in rows[0]!))) throw new Error('the input CSV needs the columns id and text');
  const decisions = await new EmbeddedAnalyser().analyse(rows.map((r) => ({ id: r['id'] ?? '', content: r['text'] ?? '', authorName: r['author'] ?? '', platform: 'facebook' })), brand);
  const lines = [COLUMNS.join(',')];
  decisions.forEach((d, i) => {
    const values = [rows[i]!['id'] ?? '', d.decision, d.sentiment, String(d.isSpam), String(d.isOffensive), d.language, String(d.confidence), (d.reasons ?? []).join('; '), d.suggestedReply];
    lines.push(values.map(cell).join(','));
  });
  return lines.join('\n') + '\n';
}

async function main(argv: string[]): Promise<void> {
  const cwd = process.env['INIT_CWD'] ?? process.cwd();
  const inPath = arg(argv, '--in');
  const outPath = arg(argv, '--out');
  if (!inPath || !outPath) {
    console.error('usage: npm run analyse -- --in comments.csv --out decisions.csv [--brand brand.json]');
    process.exitCode = 2;
    return;
  }
  const brandPath = arg(argv, '--brand');
  const brand: BrandContext = brandPath ? JSON.parse(readFileSync(resolve(cwd, brandPath), 'utf8')) : { businessName: 'our team' };
  if (typeof brand.businessName !== 'string') throw new Error(`${brandPath}: businessName (string) is required`);
  const out = await analyseCsv(readFileSync(resolve(cwd, inPath), 'utf8'), brand);
  writeFileSync(resolve(cwd, outPath), out);
  console.log(`wrote ${out.split('\n').length - 2} decisions to ${outPath}`);
}

if (process.argv[1]?.endsWith('analyse-cli.ts')) await main(process.argv.slice(2));
