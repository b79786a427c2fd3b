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
  /** Bumped when the key design changes incompatibly (2: workspaces are the tenant, issue #9; 3-5: comment cells and search words, issue #13); local data of another version is reset. */
  schemaVersion: 5,
  /** Generic, sparse global secondary indexes; each access pattern names the one it uses. */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
    /** A comment's cell: platform, account, status, sentiment (comment-cells.ts). */
    { name: 'gsi4', partitionKey: 'gsi4pk', sortKey: 'gsi4sk' },
    /** A comment's facet: sentiment and decision over every account and status. */
    { name: 'gsi5', partitionKey: 'gsi5pk', sortKey: 'gsi5sk' },
  ],
} as const;

export type IndexName = (typeof TABLE.indexes)[number]['name'];
