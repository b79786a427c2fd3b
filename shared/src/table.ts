/**
 * The single DynamoDB table (design D4), declared once: the CDK stack and the local stack both
 * create it from this definition. Key layout and access patterns: docs/access-patterns.md.
 */
export const TABLE = {
  /** Logical name; the deployed name comes from TABLE_NAME. */
  name: 'CommentGuard',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'ttl',
  /** Bumped when the key design changes incompatibly (2: workspaces are the tenant, issue #9; 3-5: comment cells and search words, 6: comment lists' indexes project only the filter attributes, issue #13; 7: the author index); local data of another version is reset, a deployed table is brought forward with `npm run backfill` (docs/deploy.md). */
  schemaVersion: 7,
  /**
   * Generic, sparse global secondary indexes; each access pattern names the one it uses. gsi1 (the
   * queue, sessions, connections) projects whole items; the comment lists' other indexes project only
   * the attributes their filters read (an index write costs by the size it projects: about a third of
   * a whole comment), and a page fetches its comments by key (docs/access-patterns.md, pattern 38).
   */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', projection: 'ALL' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', projection: 'FILTERS' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', projection: 'FILTERS' },
    /** A comment's cell: platform, account, status, sentiment (comment-cells.ts). */
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk', projection: 'FILTERS' },
    /** A comment's facet: account and decision over every status and sentiment. */
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk', projection: 'FILTERS' },
    /** An author's comments in a workspace, newest first (keys only: written once per comment, the comments are fetched by key). */
    { name: 'gsi6', partitionKey: 'gsi6pk', sortKey: 'gsi6sk', projection: 'KEYS' },
  ],
} as const;

/**
 * The top-level attributes of a comment item that list filters read (copies of fields of its
 * `comment`), projected by the FILTERS indexes besides their keys (DynamoDB INCLUDE projection).
 */
/** Most comments one transaction writes (with their counters and cell counts, under DynamoDB's 100 items); also the most one analysis message carries. */
export const COMMENTS_PER_TRANSACTION = 90;

export const COMMENT_FILTER_ATTRIBUTES = ['type', 'status', 'platform', 'sentiment', 'accountId', 'decision', 'language', 'category', 'confidence', 'authorId'] as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];

/** An index's DynamoDB projection (the CDK stack, the local table and their tests read it from here). */
export function indexProjection(index: (typeof TABLE.indexes)[number]): { type: 'ALL' | 'INCLUDE' | 'KEYS_ONLY'; nonKeyAttributes?: string[] } {
  if (index.projection === 'ALL') return { type: 'ALL' };
  if (index.projection === 'KEYS') return { type: 'KEYS_ONLY' };
  return { type: 'INCLUDE', nonKeyAttributes: [...COMMENT_FILTER_ATTRIBUTES] };
}
