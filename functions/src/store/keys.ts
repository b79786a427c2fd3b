/**
 * Key builders for the single table (design D4). Every item lives under its tenant's partition;
 * docs/access-patterns.md lists each access pattern with its key condition and index.
 */
export const key = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  rate: (bucket: string, window: number) => ({ pk: `RATE#${bucket}`, sk: `W#${window}` }),
};

/** WebSocket connections: one item per connection under its user, found by id through gsi1. */
export const connectionKey = {
  item: (userId: string, connectionId: string) => ({ pk: `USER#${userId}`, sk: `CONN#${connectionId}` }),
  byId: (connectionId: string) => ({ gsi1pk: `CONN#${connectionId}`, gsi1sk: 'CONN' }),
  prefix: 'CONN#',
};

/**
 * Comments. Main item under the user; gsi1 = the moderation queue (sparse: only while pending,
 * processing or processed), gsi2 = every comment newest first, gsi3 = the queue of one platform.
 */
export const commentKey = {
  item: (userId: string, commentId: string) => ({ pk: `USER#${userId}`, sk: `COMMENT#${commentId}` }),
  queue: (userId: string) => `USER#${userId}#Q`,
  queueOf: (userId: string, platform: string) => `USER#${userId}#Q#${platform}`,
  all: (userId: string) => `USER#${userId}#ALL`,
  /** Sort key: newest first with ScanIndexForward=false; the id makes it unique. */
  order: (timestamp: string, commentId: string) => `${timestamp}#${commentId}`,
  counters: (userId: string) => ({ pk: `USER#${userId}`, sk: 'COUNTERS' }),
  apiStats: (userId: string) => ({ pk: `USER#${userId}`, sk: 'APISTATS' }),
  activity: (userId: string, executedAt: string, id: string) => ({ pk: `USER#${userId}`, sk: `ACT#${executedAt}#${id}` }),
  activityPrefix: 'ACT#',
};

/** Connected social accounts (one brand = a Facebook page and its Instagram account). */
export const accountKey = {
  item: (userId: string, accountId: string) => ({ pk: `USER#${userId}`, sk: `ACCOUNT#${accountId}` }),
  prefix: 'ACCOUNT#',
};

/** Meta lookups: a page or Instagram account id → its owner; single-use OAuth states; webhook dedupe. */
export const metaKey = {
  page: (externalId: string) => ({ pk: `PAGE#${externalId}`, sk: 'OWNER' }),
  oauthState: (nonce: string) => ({ pk: `OAUTH#${nonce}`, sk: 'STATE' }),
  webhookEvent: (dedupeKey: string) => ({ pk: `WEBHOOK#${dedupeKey}`, sk: 'SEEN' }),
};

/** Users whose accounts the scheduled automation syncs and processes (one small partition). */
export const automationKey = {
  user: (userId: string) => ({ pk: 'AUTOMATION', sk: `USER#${userId}` }),
  partition: 'AUTOMATION',
};

/** The Facebook user (app-scoped id) who connected a user's pages, for Meta's data-deletion callback. */
export const metaUserKey = {
  link: (metaUserId: string, userId: string) => ({ pk: `METAUSER#${metaUserId}`, sk: `USER#${userId}` }),
  partition: (metaUserId: string) => `METAUSER#${metaUserId}`,
};
