/**
 * Key builders for the single table (design D4, D13). The tenant is the workspace: every item of
 * one lives under `WS#<workspaceId>`; a person's own items (profile, memberships) under
 * `USER#<userId>`. docs/access-patterns.md lists each access pattern with its key condition and index.
 */
import type { Cell } from '@cg/shared';
export const tenantPk = (workspaceId: string) => `WS#${workspaceId}`;

export const key = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  rate: (bucket: string, window: number) => ({ pk: `RATE#${bucket}`, sk: `W#${window}` }),
};

/** A workspace, its members (with a mirror under each user, to list a user's workspaces) and invitations. */
export const workspaceKey = {
  item: (workspaceId: string) => ({ pk: tenantPk(workspaceId), sk: 'WORKSPACE' }),
  member: (workspaceId: string, userId: string) => ({ pk: tenantPk(workspaceId), sk: `MEMBER#${userId}` }),
  memberPrefix: 'MEMBER#',
  membership: (userId: string, workspaceId: string) => ({ pk: `USER#${userId}`, sk: `MEMBERSHIP#${workspaceId}` }),
  membershipPrefix: 'MEMBERSHIP#',
  userPk: (userId: string) => `USER#${userId}`,
  invitation: (workspaceId: string, invitationId: string) => ({ pk: tenantPk(workspaceId), sk: `INVITE#${invitationId}` }),
  invitationPrefix: 'INVITE#',
  /** The single-use token (stored as its SHA-256) → its invitation. */
  inviteToken: (tokenHash: string) => ({ pk: `INVTOKEN#${tokenHash}`, sk: 'TOKEN' }),
  audit: (workspaceId: string, at: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `AUDIT#${at}#${id}` }),
  auditPrefix: 'AUDIT#',
};

/** Server-side sessions: one item per sign-in, listed per user through gsi1 (sign out everywhere). */
export const sessionKey = {
  item: (sessionId: string) => ({ pk: `SESSION#${sessionId}`, sk: 'SESSION' }),
  byUser: (userId: string, sessionId: string) => ({ gsi1pk: `USER#${userId}#SESSIONS`, gsi1sk: sessionId }),
  userPartition: (userId: string) => `USER#${userId}#SESSIONS`,
};

/** WebSocket connections: one item per connection under its workspace, found by id through gsi1. */
export const connectionKey = {
  item: (workspaceId: string, connectionId: string) => ({ pk: tenantPk(workspaceId), sk: `CONN#${connectionId}` }),
  byId: (connectionId: string) => ({ gsi1pk: `CONN#${connectionId}`, gsi1sk: 'CONN' }),
  prefix: 'CONN#',
};

/**
 * Comments. Main item under the workspace; gsi1 = the moderation queue (sparse: only while pending,
 * processing or processed), gsi2 = every comment newest first, gsi3 = the queue of one platform,
 * gsi6 = an author's comments newest first.
 */
export const commentKey = {
  item: (workspaceId: string, commentId: string) => ({ pk: tenantPk(workspaceId), sk: `COMMENT#${commentId}` }),
  queue: (workspaceId: string) => `WS#${workspaceId}#Q`,
  queueOf: (workspaceId: string, platform: string) => `WS#${workspaceId}#Q#${platform}`,
  all: (workspaceId: string) => `WS#${workspaceId}#ALL`,
  /** An author's comments on one platform (gsi6; author ids are per platform). */
  author: (workspaceId: string, platform: string, authorId: string) => `WS#${workspaceId}#A#${platform}#${authorId}`,
  /** Sort key: newest first with ScanIndexForward=false; the id makes it unique. */
  order: (timestamp: string, commentId: string) => `${timestamp}#${commentId}`,
  counters: (workspaceId: string) => ({ pk: tenantPk(workspaceId), sk: 'COUNTERS' }),
  apiStats: (workspaceId: string) => ({ pk: tenantPk(workspaceId), sk: 'APISTATS' }),
  /** One platform API answer's count (`<status>|<message>`); the earlier single item `APISTATS` is still read. */
  apiStat: (workspaceId: string, key: string) => ({ pk: tenantPk(workspaceId), sk: `APISTATS#${key}` }),
  activity: (workspaceId: string, executedAt: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `ACT#${executedAt}#${id}` }),
  activityPrefix: 'ACT#',
  /** A comment's cell partition (gsi4: platform, account, status, sentiment) and facet partition (gsi5: account and decision over every status and sentiment): shared/src/comment-cells.ts. */
  cell: (workspaceId: string, c: Pick<Cell, 'platform' | 'accountId' | 'status' | 'sentiment'>) => `WS#${workspaceId}#C#${c.platform}#${c.accountId}#${c.status}#${c.sentiment}`,
  facet: (workspaceId: string, c: Pick<Cell, 'platform' | 'accountId' | 'decision'>) => `WS#${workspaceId}#F#${c.platform}#${c.accountId}#${c.decision}`,
  /** The counts of an account's cells (ADD in the same transaction as each comment write). */
  cellCounts: (workspaceId: string, group: string) => ({ pk: tenantPk(workspaceId), sk: `CELLS#${group}` }),
  cellCountsPrefix: 'CELLS#',
  /** Search: one item per word of a comment (content and author), newest first within the word. */
  word: (workspaceId: string, word: string, order: string) => ({ pk: tenantPk(workspaceId), sk: `WORD#${word}#${order}` }),
  wordPrefix: (word: string) => `WORD#${word}#`,
};

/** Connected social accounts (one brand = a Facebook page and its Instagram account). */
export const accountKey = {
  item: (workspaceId: string, accountId: string) => ({ pk: tenantPk(workspaceId), sk: `ACCOUNT#${accountId}` }),
  prefix: 'ACCOUNT#',
};

/** A brand's voice and knowledge-base entries (brand = the Facebook page id): one query reads them all. */
export const brandKey = {
  voice: (workspaceId: string, brandId: string) => ({ pk: tenantPk(workspaceId), sk: `BRAND#${brandId}#VOICE` }),
  entry: (workspaceId: string, brandId: string, entryId: string) => ({ pk: tenantPk(workspaceId), sk: `BRAND#${brandId}#KB#${entryId}` }),
  prefix: (brandId: string) => `BRAND#${brandId}#`,
  entryPrefix: (brandId: string) => `BRAND#${brandId}#KB#`,
};

/**
 * Meta lookups: a page or Instagram account id → the workspaces that connected it (one item each, so an
 * agency and its client both get its webhooks); single-use OAuth states; webhook dedupe.
 */
export const metaKey = {
  page: (externalId: string, workspaceId: string) => ({ pk: `PAGE#${externalId}`, sk: tenantPk(workspaceId) }),
  pagePartition: (externalId: string) => `PAGE#${externalId}`,
  pageOwnerPrefix: 'WS#',
  oauthState: (nonce: string) => ({ pk: `OAUTH#${nonce}`, sk: 'STATE' }),
  webhookEvent: (dedupeKey: string) => ({ pk: `WEBHOOK#${dedupeKey}`, sk: 'SEEN' }),
};

/** Workspaces whose accounts the scheduled automation syncs and processes (one small partition). */
export const automationKey = {
  workspace: (workspaceId: string) => ({ pk: 'AUTOMATION', sk: tenantPk(workspaceId) }),
  partition: 'AUTOMATION',
  /** Something the schedule does once per workspace (a week's report mail to one member), expiring by TTL. */
  once: (workspaceId: string, key: string) => ({ pk: tenantPk(workspaceId), sk: `ONCE#${key}` }),
};

/** The Facebook user (app-scoped id) who connected a workspace's pages, for Meta's data-deletion callback. */
export const metaUserKey = {
  link: (metaUserId: string, workspaceId: string) => ({ pk: `METAUSER#${metaUserId}`, sk: tenantPk(workspaceId) }),
  partition: (metaUserId: string) => `METAUSER#${metaUserId}`,
};

/**
 * Moderation actions on comments (design D15): a claim per comment + action + attempt (the comment's
 * version when it was claimed), the comment's history, and the cached post or media a comment is on.
 */
export const actionKey = {
  claim: (workspaceId: string, commentId: string, action: string, attempt: number) => ({ pk: tenantPk(workspaceId), sk: `CLAIM#${commentId}#${action}#${attempt}` }),
  history: (workspaceId: string, commentId: string, at: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `HIST#${commentId}#${at}#${id}` }),
  historyPrefix: (commentId: string) => `HIST#${commentId}#`,
  post: (workspaceId: string, platform: string, postId: string) => ({ pk: tenantPk(workspaceId), sk: `POST#${platform}#${postId}` }),
};

/**
 * Rules (listed whole, ordered by their `order` field), saved replies, and the Automation log: one
 * entry per automatic action, its id `<time base36>-<uuid>` so the sort key orders it newest first.
 */
export const ruleKey = {
  rule: (workspaceId: string, ruleId: string) => ({ pk: tenantPk(workspaceId), sk: `RULE#${ruleId}` }),
  rulePrefix: 'RULE#',
  savedReply: (workspaceId: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `SAVEDREPLY#${id}` }),
  savedReplyPrefix: 'SAVEDREPLY#',
  log: (workspaceId: string, entryId: string) => ({ pk: tenantPk(workspaceId), sk: `AUTOLOG#${entryId}` }),
  logPrefix: 'AUTOLOG#',
};

/**
 * Background jobs (domain/jobs.ts): one item per job under its own partition, so it outlives the
 * workspace it deletes and GET /api/jobs/{id} is one GetItem; expires a week after it was created (ttl).
 */
export const jobKey = {
  item: (jobId: string) => ({ pk: `JOB#${jobId}`, sk: 'JOB' }),
};

/**
 * The public API (issue 11, item 9): API keys under the workspace, each found by the SHA-256 of its
 * secret through one lookup item (revoking deletes both); outgoing webhook endpoints and their
 * delivery log (newest first per endpoint, kept 30 days).
 */
export const publicApiKey = {
  apiKey: (workspaceId: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `APIKEY#${id}` }),
  apiKeyPrefix: 'APIKEY#',
  apiKeyHash: (hash: string) => ({ pk: `APIKEYHASH#${hash}`, sk: 'KEY' }),
  webhook: (workspaceId: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `WEBHOOK#${id}` }),
  webhookPrefix: 'WEBHOOK#',
  delivery: (workspaceId: string, endpointId: string, at: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `WHDLV#${endpointId}#${at}#${id}` }),
  deliveryPrefix: (endpointId: string) => `WHDLV#${endpointId}#`,
};

/**
 * Alerts (issue 11, item 7, domain/alerts.ts): a workspace's alert settings; its alerts, newest first
 * (the id starts with the inverted time; kept 90 days); the bell's state (unread count and the time
 * of the last "mark all read"); one dedupe item per kind + subject + period (expires after the
 * period); and negative-sentiment counts per hour, for the workspace (`ALL`) and each brand, added as
 * decisions are written (kept 3 days) so the surge rule reads a day of counts, never the comments.
 */
export const alertKey = {
  settings: (workspaceId: string) => ({ pk: tenantPk(workspaceId), sk: 'ALERTSETTINGS' }),
  state: (workspaceId: string) => ({ pk: tenantPk(workspaceId), sk: 'ALERTSTATE' }),
  alert: (workspaceId: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `ALERT#${id}` }),
  alertPrefix: 'ALERT#',
  dedupe: (workspaceId: string, dedupeKey: string) => ({ pk: tenantPk(workspaceId), sk: `ALERTKEY#${dedupeKey}` }),
  sentiment: (workspaceId: string, scope: string, hour: string) => ({ pk: tenantPk(workspaceId), sk: `SENTIMENT#${scope}#${hour}` }),
};

/**
 * Workspace memory (domain/memory.ts): each moderator decision as an example, newest first (kept
 * 180 days); autopilot settings, one item per brand (domain/autopilot.ts).
 */
export const memoryKey = {
  example: (workspaceId: string, at: string, commentId: string) => ({ pk: tenantPk(workspaceId), sk: `EXAMPLE#${at}#${commentId}` }),
  examplePrefix: 'EXAMPLE#',
  autopilot: (workspaceId: string, brandId: string) => ({ pk: tenantPk(workspaceId), sk: `AUTOPILOT#${brandId}` }),
  autopilotPrefix: 'AUTOPILOT#',
  /** A brand's automation schedule (domain/brand-schedules.ts). */
  schedule: (workspaceId: string, brandId: string) => ({ pk: tenantPk(workspaceId), sk: `SCHEDULE#${brandId}` }),
};

/**
 * Troll-attack incidents (issue 11 item 4, domain/incidents.ts): per post, counted negative or
 * offensive comments in time buckets plus a running total (written once per comment: the seen
 * marker is in the same transaction), the incidents of a workspace (newest first: the id starts with
 * its time in base 36), the open incident of a post (its lock: one incident per post at a time), and
 * the comments each incident hid.
 */
const bucketPart = (bucket: number) => String(bucket).padStart(12, '0');

export const incidentKey = {
  /** A counted comment, under its post and bucket (a comment's post and time never change, so the key is still one per comment): the window's comments are a range of these. */
  seen: (workspaceId: string, platform: string, postId: string, bucket: number, commentId: string) => ({ pk: tenantPk(workspaceId), sk: `BURST#${platform}#${postId}#S#${bucketPart(bucket)}#${commentId}` }),
  /** The range of the seen markers of buckets `from`..`to` (BETWEEN, inclusive). */
  seenRange: (platform: string, postId: string, from: number, to: number) => [`BURST#${platform}#${postId}#S#${bucketPart(from)}#`, `BURST#${platform}#${postId}#S#${bucketPart(to)}#\uffff`] as const,
  bucket: (workspaceId: string, platform: string, postId: string, bucket: number) => ({ pk: tenantPk(workspaceId), sk: `BURST#${platform}#${postId}#B#${bucketPart(bucket)}` }),
  total: (workspaceId: string, platform: string, postId: string) => ({ pk: tenantPk(workspaceId), sk: `BURST#${platform}#${postId}#TOTAL` }),
  incident: (workspaceId: string, id: string) => ({ pk: tenantPk(workspaceId), sk: `INCIDENT#${id}` }),
  incidentPrefix: 'INCIDENT#',
  post: (workspaceId: string, platform: string, postId: string) => ({ pk: tenantPk(workspaceId), sk: `INCIDENTPOST#${platform}#${postId}` }),
  hidden: (workspaceId: string, incidentId: string, commentId: string) => ({ pk: tenantPk(workspaceId), sk: `INCHIDDEN#${incidentId}#${commentId}` }),
  hiddenPrefix: (incidentId: string) => `INCHIDDEN#${incidentId}#`,
};
