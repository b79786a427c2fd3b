/**
 * A knowledge-base CSV (issue 10 item 5): a header row naming the columns topic, title, question or
 * questions (several separated by "|" or line breaks), answer, language; other columns are ignored.
 * Every problem names its row (the header is row 1, as a spreadsheet numbers them). csv-parse ships
 * beside the api bundle (infra/lib/packaging.ts) and loads only when a CSV is imported.
 */
import { KNOWLEDGE_TOPICS, KnowledgeEntryInput } from '@cg/shared';
import { Invalid } from './errors.js';

const REQUIRED = ['title', 'questions', 'answer'] as const;
const ALIASES: Record<string, string> = { question: 'questions', q: 'questions', lang: 'language', category: 'topic', name: 'title' };

export async function parseKnowledgeCsv(csv: string, defaultLanguage: string): Promise<KnowledgeEntryInput[]> {
  const { parse } = await import('csv-parse/sync');
  let rows: Record<string, string>[];
  try {
    rows = parse(csv, {
      bom: true, skip_empty_lines: true, trim: true,
      columns: (header: string[]) => header.map((h) => { const k = h.trim().toLowerCase(); return ALIASES[k] ?? k; }),
    }) as Record<string, string>[];
  } catch (err) {
    throw new Invalid(`The CSV could not be read: ${(err as Error).message}`, [{ field: 'csv', message: (err as Error).message }]);
  }
  if (!rows.length) throw new Invalid('The CSV has no entries: a header row (topic,title,question,answer,language) and one row per entry.', [{ field: 'csv', message: 'has no entries' }]);
  const missing = REQUIRED.filter((c) => !(c in rows[0]!));
  if (missing.length) {
    throw new Invalid(`The CSV's header row needs the columns title, question and answer (topic and language are optional); missing: ${missing.join(', ')}.`, [{ field: 'csv', message: `missing columns: ${missing.join(', ')}` }]);
  }
  return rows.map((row, i) => {
    const n = i + 2;
    const topic = (row.topic ?? '').trim().toLowerCase() || 'other';
    if (!(KNOWLEDGE_TOPICS as readonly string[]).includes(topic)) {
      throw new Invalid(`Row ${n}: topic "${row.topic}" is not one of ${KNOWLEDGE_TOPICS.join(', ')}.`, [{ field: `row ${n} topic`, message: `must be one of ${KNOWLEDGE_TOPICS.join(', ')}` }]);
    }
    const parsed = KnowledgeEntryInput.safeParse({
      topic,
      title: row.title ?? '',
      questions: (row.questions ?? '').split(/\s*[|\n]\s*/).map((q) => q.trim()).filter(Boolean),
      answer: row.answer ?? '',
      language: (row.language ?? '').trim().toLowerCase() || defaultLanguage,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? 'row');
      const message = issue.code === 'too_small' ? (field === 'questions' ? 'must have at least one question' : 'must not be empty')
        : issue.code === 'too_big' ? 'is too long' : issue.message;
      throw new Invalid(`Row ${n}: ${field}: ${message}`, [{ field: `row ${n} ${field}`, message }]);
    }
    return parsed.data;
  });
}
