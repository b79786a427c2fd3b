/**
 * Store: the search words of comments (issue 13 item 6). A DynamoDB word index, not a search engine:
 * when a comment is inserted, one small item per distinct word of its text and author name is
 * written under the workspace (`sk = WORD#<word>#<timestamp>#<commentId>`), so a search reads the
 * newest entries of one word instead of the whole workspace. Words are lower-cased letters and
 * digits (Unicode), at least 2 characters; a comment gives at most MAX_WORDS of them.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mapLimited, type Comment } from '@cg/shared';
import { db, table } from './client.js';
import { commentKey, tenantPk } from './keys.js';

const MAX_WORDS = 60;
const MAX_WORD_LENGTH = 40;
/**
 * BatchWrites of new comments' word items (idempotent puts) in flight at once. A comment has about ten words, so a sync page or an
 * arrival batch writes dozens of batches; one after another they were most of a full sync's time
 * (bench step 2: 4,099 sequential BatchWrites, p50 16 ms, of a 103 s sync of 10,248 comments).
 */
const WRITE_CONCURRENCY = 4;

/** The text a search matches (content and author name), lower-cased. */
export const searchTextOf = (c: Pick<Comment, 'content' | 'authorName'>) => `${c.content} ${c.authorName}`.normalize('NFKC').toLowerCase();

/** The distinct words of a text, in order of first appearance. */
export function wordsOf(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((w) => w.length >= 2).map((w) => w.slice(0, MAX_WORD_LENGTH)))];
}

const wordsOfComment = (c: Comment) => wordsOf(searchTextOf(c)).slice(0, MAX_WORDS);

/** Writes the word items of newly inserted comments (idempotent puts, 25 per batch, unprocessed ones retried). */
export async function putWords(workspaceId: string, comments: Comment[]): Promise<void> {
  await writeBatches(comments.flatMap((c) => wordsOfComment(c).map((w) => ({
    PutRequest: { Item: { ...commentKey.word(workspaceId, w, commentKey.order(c.timestamp, c.id)), type: 'searchWord', id: c.id } },
  }))), WRITE_CONCURRENCY);
}

/** Keeps the word items of comments whose text or author name changed (an edit on the platform): new words put, gone ones deleted. */
export async function updateWords(workspaceId: string, changes: { before: Comment; after: Comment }[]): Promise<void> {
  const requests: Record<string, unknown>[] = [];
  for (const { before, after } of changes) {
    if (searchTextOf(before) === searchTextOf(after)) continue;
    const [was, now] = [new Set(wordsOfComment(before)), new Set(wordsOfComment(after))];
    for (const w of now) if (!was.has(w)) requests.push({ PutRequest: { Item: { ...commentKey.word(workspaceId, w, commentKey.order(after.timestamp, after.id)), type: 'searchWord', id: after.id } } });
    for (const w of was) if (!now.has(w)) requests.push({ DeleteRequest: { Key: commentKey.word(workspaceId, w, commentKey.order(before.timestamp, before.id)) } });
  }
  // One batch at a time: puts and deletes of one comment's words keep their order.
  await writeBatches(requests, 1);
}

async function writeBatches(requests: Record<string, unknown>[], concurrency: number): Promise<void> {
  const batches = Array.from({ length: Math.ceil(requests.length / 25) }, (_, k) => requests.slice(k * 25, (k + 1) * 25));
  await mapLimited(batches, concurrency, writeBatch);
}

async function writeBatch(requests: Record<string, unknown>[]): Promise<void> {
  let batch = requests;
  for (let attempt = 0; batch.length; attempt++) {
    if (attempt === 8) throw new Error('BatchWrite kept returning unprocessed search words');
    const res = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: batch } }));
    batch = (res.UnprocessedItems?.[table()] ?? []) as typeof batch;
    if (batch.length) await new Promise((r) => setTimeout(r, 20 * 2 ** attempt));
  }
}

/** The next `limit` entries of a word, newest first, strictly before `before` (a comment's order). */
export async function wordEntries(workspaceId: string, word: string, before: string | undefined, limit: number): Promise<{ entries: { id: string; order: string }[]; done: boolean }> {
  const prefix = commentKey.wordPrefix(word);
  const res = await db().send(new QueryCommand({
    TableName: table(), KeyConditionExpression: 'pk = :p AND sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':p': tenantPk(workspaceId), ':lo': prefix, ':hi': before ? `${prefix}${before}` : `${prefix}\uffff` },
    ProjectionExpression: 'sk, id', ScanIndexForward: false, Limit: limit + 1,
  }));
  const entries = (res.Items ?? []).map((i) => ({ id: i.id as string, order: (i.sk as string).slice(prefix.length) })).filter((e) => e.order !== before);
  return { entries: entries.slice(0, limit), done: !res.LastEvaluatedKey && entries.length <= limit };
}
