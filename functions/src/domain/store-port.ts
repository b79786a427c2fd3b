/**
 * The store port (design D14): everything the domain needs from storage, declared here in the
 * domain's terms; the DynamoDB adapter (functions/src/store/index.ts) implements it and the
 * composition root (functions/src/handlers/deps.ts) binds it once per process. Tests bind the same
 * adapter against DynamoDB Local, or a fake, without mocking modules.
 *
 * A request or event runs inside `withRequestScope`: within it a workspace's record is read once
 * (every later read in the same scope gets that copy; the scope's own writes refresh it).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Activity, AuditEntry, AutomationEntry, Comment, CommentHistoryEntry, CommentsQuery, Platform, Role, Rule, SavedReply } from '@cg/shared';
import { configVersionAttribute, type ConfigArea } from './model.js';
import type {
  BillingAccount, DeletionStatus, FailureRecord, InvitationRecord, MemberRecord, MembershipRecord, PageOwner, Profile, SessionRecord,
  StoredAccount, StoredComment, WorkspaceRecord,
} from './model.js';
import type { Example } from './memory.js';
import type { AutopilotSettings } from '@cg/shared/autopilot';
import type { ApiKeyLookup, ApiKeyRecord, DeliveryRecord, WebhookEndpointRecord } from './public-api-model.js';

export type CommentFilters = Pick<CommentsQuery, 'status' | 'sentiment' | 'platform' | 'search'>;
type NewState = Omit<StoredComment, 'version' | 'updatedAt'>;

export interface CommentStore {
  getComment(workspaceId: string, commentId: string): Promise<StoredComment | null>;
  /** Writes a new state guarded by the version of `before` (null: insert if absent); null when the comment changed meanwhile. */
  writeComment(before: StoredComment | null, after: NewState, activity?: string): Promise<StoredComment | null>;
  /** The stored comments among `ids` (missing and unreadable ones are left out). */
  getComments(workspaceId: string, ids: string[]): Promise<StoredComment[]>;
  writeMany(changes: { before: StoredComment; after: NewState }[]): Promise<StoredComment[]>;
  /** Inserts the comments not stored yet (idempotent); returns the ones added. `searchWords: false`: the caller writes their search words (putSearchWords) after what must not wait for them. */
  insertNew(workspaceId: string, comments: Comment[], opts?: { searchWords?: boolean }): Promise<Comment[]>;
  putSearchWords(workspaceId: string, comments: Comment[]): Promise<void>;
  getCounters(workspaceId: string): Promise<Record<string, number>>;
  listQueue(workspaceId: string, platform: Platform | undefined, offset: number, limit: number): Promise<StoredComment[]>;
  listQueueByStatus(workspaceId: string, status: string, max: number): Promise<StoredComment[]>;
  listFailedAnalyses(workspaceId: string, maxRetries: number, max: number): Promise<StoredComment[]>;
  hasFilters(f: CommentFilters): boolean;
  listAll(workspaceId: string, f: CommentFilters, offset: number, limit: number): Promise<{ items: StoredComment[]; filteredTotal: number | null }>;
  listActivity(workspaceId: string, limit: number): Promise<Activity[]>;
  addApiResponses(workspaceId: string, counts: Map<string, number>): Promise<void>;
  getApiResponses(workspaceId: string): Promise<{ status: number; message: string; count: number }[]>;
}

/** One platform action on one comment (design D15): comment + action + attempt is the idempotency key. */
export interface ClaimKey { workspaceId: string; commentId: string; action: string; attempt: number }
export interface ActionClaim extends ClaimKey {
  /** open: claimed, the call may be under way; done: the platform accepted; refused: it did not happen. */
  state: 'open' | 'done' | 'refused';
  /** Who holds the open claim (a random token): completing or taking over is conditional on it. */
  lease: string;
  claimedAt: string;
  by: string | null;
  /** The call got no answer: whether it happened is checked on the platform before acting again. */
  uncertain: boolean;
  /** What the platform created (our reply's id). */
  platformId?: string;
  /** The comment was written with the effect (after `done`). */
  recorded?: boolean;
  error?: string;
  completedAt?: string;
}

export interface ClaimStore {
  /** Conditional put: null when this caller won the claim, else the claim that exists. */
  claimAction(c: ActionClaim): Promise<ActionClaim | null>;
  getClaim(k: ClaimKey): Promise<ActionClaim | null>;
  /** Every attempt's claim of one action on one comment. */
  listClaims(workspaceId: string, commentId: string, action: string): Promise<ActionClaim[]>;
  completeClaim(k: ClaimKey, lease: string, platformId?: string): Promise<boolean>;
  refuseClaim(k: ClaimKey, lease: string, error: string): Promise<boolean>;
  markClaimRecorded(k: ClaimKey): Promise<void>;
  markClaimUncertain(k: ClaimKey, lease: string): Promise<boolean>;
  takeOverClaim(k: ClaimKey, oldLease: string, newLease: string, by: string | null): Promise<boolean>;
  addHistory(workspaceId: string, commentId: string, entry: Omit<CommentHistoryEntry, 'id' | 'at'>): Promise<CommentHistoryEntry>;
  listHistory(workspaceId: string, commentId: string, limit?: number): Promise<CommentHistoryEntry[]>;
}

/** A keyset page of the queue (queue: true) or of every comment, newest first, strictly after `after`. */
export interface CommentPageQuery {
  queue: boolean;
  platform?: Platform;
  status?: CommentsQuery['status'];
  sentiment?: CommentsQuery['sentiment'];
  search?: string;
  /** Only comments on these accounts (a brand). */
  accountIds?: string[];
  decision?: string;
  language?: string;
  category?: string;
  minConfidence?: number;
  /** The sort key (`<timestamp>#<commentId>`) to continue after. */
  after?: string;
}

/** Which of an author's comments to read: at most `max` (default 1,000), written at or before `upTo`, at or after `since` (ISO times). */
export interface AuthorHistoryRange { max?: number; upTo?: string; since?: string }

/** The post or media a comment is on, as last read from the platform (cached a day). */
export interface PostInfoRecord { id: string; text: string; permalink: string | null; published: boolean }

export interface CommentPageStore {
  /** `resumeAfter`: where a search that stopped at its read limit continues (its page may be short); `total`: the number of matches when known without more reads. */
  listCommentPage(workspaceId: string, q: CommentPageQuery, limit: number): Promise<{ items: StoredComment[]; more: boolean; resumeAfter?: string; total?: number }>;
  countComments(workspaceId: string, q: CommentPageQuery): Promise<number>;
  /** The author's comments in the workspace on one platform, newest first, within `range` (default: the latest 1,000); complete when no more match. */
  authorComments(workspaceId: string, platform: Platform, authorId: string, range?: AuthorHistoryRange): Promise<{ items: StoredComment[]; complete: boolean }>;
  getPostInfo(workspaceId: string, platform: string, postId: string): Promise<PostInfoRecord | null>;
  putPostInfo(workspaceId: string, platform: string, postId: string, info: PostInfoRecord): Promise<void>;
}

export interface AccountStore {
  listAccounts(workspaceId: string): Promise<StoredAccount[]>;
  getAccount(workspaceId: string, id: string): Promise<StoredAccount | null>;
  putAccount(a: StoredAccount): Promise<void>;
  deleteAccount(workspaceId: string, id: string): Promise<void>;
}

export interface WorkspaceStore {
  createWorkspace(ws: WorkspaceRecord): Promise<void>;
  getWorkspace(workspaceId: string): Promise<WorkspaceRecord | null>;
  setWorkspaceFields(workspaceId: string, fields: Partial<WorkspaceRecord>): Promise<void>;
  getMember(workspaceId: string, userId: string): Promise<MemberRecord | null>;
  listMembers(workspaceId: string): Promise<MemberRecord[]>;
  listMemberships(userId: string): Promise<MembershipRecord[]>;
  /** AlreadyMember when they are one. */
  addMember(m: MemberRecord, workspaceName: string): Promise<void>;
  setMemberRole(workspaceId: string, userId: string, role: Role): Promise<boolean>;
  removeMember(workspaceId: string, userId: string): Promise<void>;
  setMemberEmail(workspaceId: string, userId: string, email: string): Promise<void>;
  renameWorkspace(workspaceId: string, name: string): Promise<void>;
  putInvitation(inv: InvitationRecord): Promise<void>;
  listInvitations(workspaceId: string): Promise<InvitationRecord[]>;
  getInvitation(workspaceId: string, id: string): Promise<InvitationRecord | null>;
  findInvitationByToken(tokenHash: string): Promise<InvitationRecord | null>;
  deleteInvitation(inv: Pick<InvitationRecord, 'workspaceId' | 'id' | 'tokenHash'>): Promise<void>;
  /** Adds the member and consumes the invitation at once; false when the token was used meanwhile. */
  acceptInvitation(inv: InvitationRecord, member: MemberRecord, workspaceName: string): Promise<boolean>;
}

export interface UserStore {
  getProfile(userId: string): Promise<Profile | null>;
  setLastWorkspace(userId: string, workspaceId: string | null): Promise<void>;
  findUserIdByEmail(email: string): Promise<string | null>;
  /** EmailTaken when the email is in use. */
  createUser(user: Profile): Promise<void>;
  updateProfile(userId: string, oldEmail: string, patch: { firstName: string; lastName: string; email: string }): Promise<void>;
  setUserFields(userId: string, fields: Record<string, unknown>): Promise<void>;
  deleteUserRecords(userId: string, email: string): Promise<void>;
}

export interface SessionStore {
  createSession(s: SessionRecord): Promise<void>;
  getSession(sessionId: string): Promise<SessionRecord | null>;
  setSessionWorkspace(sessionId: string, workspaceId: string | null): Promise<boolean>;
  deleteSession(sessionId: string): Promise<void>;
  revokeUserSessions(userId: string): Promise<number>;
}

export interface BillingStore {
  getBillingAccount(workspaceId: string): Promise<BillingAccount | null>;
  saveCustomer(workspaceId: string, customerId: string): Promise<void>;
  saveSubscriptionId(workspaceId: string, subscriptionId: string): Promise<void>;
  deleteBillingAccount(workspaceId: string, customerId: string | null): Promise<void>;
  workspaceIdForCustomer(customerId: string): Promise<string | null>;
  claimEvent(eventId: string): Promise<boolean>;
  releaseEvent(eventId: string): Promise<void>;
}

export interface UsageStore {
  usedThisMonth(workspaceId: string, now?: Date): Promise<number>;
  /** Reserves up to n comments of the month's quota atomically; returns how many (null quota: unlimited). */
  reserve(workspaceId: string, n: number, quota: number | null, now?: Date): Promise<number>;
  release(workspaceId: string, n: number, now?: Date): Promise<void>;
}

export interface MetaStore {
  putPageOwner(externalId: string, owner: PageOwner): Promise<void>;
  listPageOwners(externalId: string): Promise<PageOwner[]>;
  deletePageOwner(externalId: string, workspaceId: string): Promise<void>;
  putOAuthState(nonce: string, workspaceId: string, ttlSeconds: number): Promise<void>;
  consumeOAuthState(nonce: string, workspaceId: string): Promise<boolean>;
  claimWebhookEvent(dedupeKey: string): Promise<boolean>;
  releaseWebhookEvent(dedupeKey: string): Promise<void>;
}

export interface AutomationStore {
  markAutomated(workspaceId: string): Promise<void>;
  unmarkAutomated(workspaceId: string): Promise<void>;
  listAutomated(): Promise<string[]>;
  /** Claims `key` in the workspace once (kept `ttlDays`); false when it was claimed already. */
  claimOnce(workspaceId: string, key: string, ttlDays: number): Promise<boolean>;
  /** Gives a claim back (what it guarded failed: a retry may do it). */
  releaseOnce(workspaceId: string, key: string): Promise<void>;
}

export interface TenantStore {
  /** Every item of the workspace, page by page (export). */
  tenantItems(workspaceId: string): AsyncGenerator<Record<string, unknown>[]>;
  deleteTenant(workspaceId: string): Promise<number>;
  linkMetaUser(metaUserId: string, workspaceId: string): Promise<void>;
  workspacesOfMetaUser(metaUserId: string): Promise<string[]>;
  unlinkMetaUser(metaUserId: string, workspaceId: string): Promise<void>;
}

export interface AuditStore {
  recordAudit(workspaceId: string, entry: Omit<AuditEntry, 'id' | 'at'>): Promise<AuditEntry>;
  decodeCursor(cursor: string): string | null;
  listAudit(workspaceId: string, limit: number, afterSk?: string): Promise<{ entries: AuditEntry[]; nextCursor: string | null }>;
}

export interface RateLimitStore {
  countAttempt(bucket: string, windowSeconds: number): Promise<number>;
  readFailures(buckets: string[]): Promise<Map<string, FailureRecord>>;
  recordFailure(bucket: string, ttlSeconds: number, fresh: boolean, now?: number): Promise<void>;
  clearFailures(bucket: string): Promise<void>;
}

export interface DataDeletionStore {
  putDeletionStatus(s: DeletionStatus): Promise<void>;
  getDeletionStatus(code: string): Promise<DeletionStatus | null>;
}

/** A background job (domain/jobs.ts): one item per job, under its own key (it outlives a deleted workspace). */
export interface JobRecord {
  id: string;
  workspaceId: string;
  /** Who started it (null: the schedule). */
  userId: string | null;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  done: number;
  total: number | null;
  params: unknown;
  result: unknown;
  error: string | null;
  attempts: number;
  /** The runner's checkpoint: a retried job resumes from it. */
  state?: unknown;
  /** Files written (exports), by storage key. */
  files?: { name: string; key: string; contentType: string }[];
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

export interface JobStore {
  createJob(job: JobRecord): Promise<void>;
  getJob(jobId: string): Promise<JobRecord | null>;
  updateJob(jobId: string, fields: Partial<Omit<JobRecord, 'id'>>): Promise<void>;
}

/** API keys (issue 11, item 9): the key is stored as its SHA-256 only; revoking deletes it at once. */
export interface ApiKeyStore {
  putApiKey(k: ApiKeyRecord): Promise<void>;
  listApiKeys(workspaceId: string): Promise<ApiKeyRecord[]>;
  /** False when there is no such key in the workspace. */
  deleteApiKey(workspaceId: string, id: string): Promise<boolean>;
  findApiKeyByHash(hash: string): Promise<ApiKeyLookup | null>;
  touchApiKey(workspaceId: string, id: string, at: string): Promise<void>;
}

/** Outgoing webhook endpoints and their delivery log. */
export interface OutgoingWebhookStore {
  putWebhook(w: WebhookEndpointRecord): Promise<void>;
  listWebhooks(workspaceId: string): Promise<WebhookEndpointRecord[]>;
  getWebhook(workspaceId: string, id: string): Promise<WebhookEndpointRecord | null>;
  deleteWebhook(workspaceId: string, id: string): Promise<boolean>;
  /** Counts a failure in a row; returns the new count (null: the endpoint is gone). */
  countWebhookFailure(workspaceId: string, id: string): Promise<number | null>;
  resetWebhookFailures(workspaceId: string, id: string): Promise<void>;
  disableWebhook(workspaceId: string, id: string, reason: string): Promise<void>;
  putDelivery(d: DeliveryRecord, workspaceId: string): Promise<void>;
  listDeliveries(workspaceId: string, endpointId: string, limit: number): Promise<DeliveryRecord[]>;
}

/** A workspace's rules (ordered) and saved replies (issue 11). */
export interface RuleStore {
  listRules(workspaceId: string): Promise<Rule[]>;
  getRule(workspaceId: string, id: string): Promise<Rule | null>;
  putRule(workspaceId: string, rule: Rule): Promise<void>;
  /** False when there was no such rule. */
  deleteRule(workspaceId: string, id: string): Promise<boolean>;
  listSavedReplies(workspaceId: string): Promise<SavedReply[]>;
  getSavedReply(workspaceId: string, id: string): Promise<SavedReply | null>;
  putSavedReply(workspaceId: string, reply: SavedReply): Promise<void>;
  deleteSavedReply(workspaceId: string, id: string): Promise<boolean>;
}

/** The Automation log: every automatic action (and what shadow rules would have done), newest first. */
export interface AutomationLogStore {
  addLogEntry(workspaceId: string, entry: AutomationEntry): Promise<void>;
  getLogEntry(workspaceId: string, id: string): Promise<AutomationEntry | null>;
  listLogEntries(workspaceId: string, limit: number, afterId?: string): Promise<{ entries: AutomationEntry[]; nextCursor: string | null }>;
  /** Conditional: false when the entry was already undone (or is gone). */
  markLogUndone(workspaceId: string, id: string, at: string, by: string | null): Promise<boolean>;
}

/** Workspace memory (domain/memory.ts): the moderators' decisions as examples; autopilot settings per brand. */
export interface MemoryStore {
  putExample(workspaceId: string, example: Example): Promise<void>;
  /** The newest `max` examples, newest first. */
  listExamples(workspaceId: string, max: number): Promise<Example[]>;
  getAutopilot(workspaceId: string, brandId: string): Promise<AutopilotSettings | null>;
  listAutopilot(workspaceId: string): Promise<AutopilotSettings[]>;
  putAutopilot(workspaceId: string, settings: AutopilotSettings): Promise<void>;
}

/** A brand's voice (null until saved: the defaults apply) and its knowledge-base entries. */
export interface BrandRecord { voice: import('@cg/shared').BrandVoice | null; knowledge: import('@cg/shared').KnowledgeEntry[] }

/** A brand's voice and answers (issue 10 item 5), per brand (the Facebook page id) of a workspace. */
export interface BrandStore {
  getBrand(workspaceId: string, brandId: string): Promise<BrandRecord>;
  putVoice(workspaceId: string, brandId: string, voice: import('@cg/shared').BrandVoice): Promise<void>;
  /** With `mustExist`, false when the entry is not there. */
  putEntry(workspaceId: string, brandId: string, entry: import('@cg/shared').KnowledgeEntry, mustExist?: boolean): Promise<boolean>;
  putEntries(workspaceId: string, brandId: string, entries: import('@cg/shared').KnowledgeEntry[]): Promise<void>;
  /** False when there was no such entry. */
  deleteEntry(workspaceId: string, brandId: string, entryId: string): Promise<boolean>;
}

/** A brand's automation schedule (issue 11 item 6): one record per brand that has one. */
export interface StoredBrandSchedule { brandId: string; preset: import('@cg/shared').SchedulePreset; times: string[]; timeZone: string; updatedAt: string }

export interface ScheduleStore {
  getSchedule(workspaceId: string, brandId: string): Promise<StoredBrandSchedule | null>;
  putSchedule(workspaceId: string, schedule: StoredBrandSchedule): Promise<void>;
}

/** A troll-attack incident as stored (its status is derived: open until closed or past endsAt). */
export type IncidentRecord = Omit<import('@cg/shared').Incident, 'status'>;
/** One comment an incident's stricter policy hid, with its Automation log entry (undo restores it). */
export interface IncidentHiddenRecord { incidentId: string; commentId: string; automationLogId: string; at: string; restoredAt: string | null }

/** Troll-attack incidents (issue 11 item 4, domain/incidents.ts): burst counts per post, incidents, what they hid. */
export interface IncidentStore {
  /**
   * Counts negative or offensive comments of one post once each (the same comment again counts
   * nothing), in their buckets and the post's total; returns the counts of the buckets `from`..`to`
   * (the window), the post's total and when its first counted comment was written.
   */
  countBurst(workspaceId: string, platform: string, postId: string, comments: { id: string; atMs: number; bucket: number }[], window: { from: number; to: number }):
    Promise<{ window: number; total: number; firstAtMs: number }>;
  /** The ids of the comments counted in buckets `from`..`to` (however many). */
  burstCommentIds(workspaceId: string, platform: string, postId: string, window: { from: number; to: number }): Promise<string[]>;
  /** Opens an incident unless its post has one open (conditional on the post's lock): false then. */
  openIncident(workspaceId: string, incident: IncidentRecord, now: string): Promise<boolean>;
  /** The post's incident whose policy is in force now (not closed, not past its end), or null. */
  openIncidentOf(workspaceId: string, platform: string, postId: string, now: string): Promise<IncidentRecord | null>;
  getIncident(workspaceId: string, id: string): Promise<IncidentRecord | null>;
  /** Newest first. */
  listIncidents(workspaceId: string, limit: number): Promise<IncidentRecord[]>;
  /** Closes it once (conditional) and ends its post's lock, no new incident there before `quietUntil`: false when it was closed already. */
  closeIncident(workspaceId: string, id: string, at: string, by: string | null, quietUntil: string): Promise<boolean>;
  /** Claims a comment for the incident's policy before acting (conditional put): false when it is claimed already, unless that claim was made before `staleBefore` and never completed. */
  claimHidden(workspaceId: string, incidentId: string, commentId: string, at: string, staleBefore: string): Promise<boolean>;
  /** Records the hide of a claimed comment (its Automation log entry) and counts it on the incident. */
  completeHidden(workspaceId: string, h: IncidentHiddenRecord): Promise<void>;
  /** Drops a claim whose hide did not happen. */
  releaseHidden(workspaceId: string, incidentId: string, commentId: string): Promise<void>;
  /** The comments the incident hid (claims still under way are left out). */
  listHidden(workspaceId: string, incidentId: string): Promise<IncidentHiddenRecord[]>;
  /** Marks one hidden comment restored, once (conditional): false when it was already. */
  markRestored(workspaceId: string, incidentId: string, commentId: string, at: string): Promise<boolean>;
  /** Adds `n` to the incident's restored count and sets when. */
  noteRestored(workspaceId: string, id: string, at: string, n: number): Promise<void>;
}

export interface StorePort {
  memory: MemoryStore;
  comments: CommentStore;
  accounts: AccountStore;
  brands: BrandStore;
  workspaces: WorkspaceStore;
  users: UserStore;
  sessions: SessionStore;
  billing: BillingStore;
  usage: UsageStore;
  meta: MetaStore;
  automation: AutomationStore;
  tenant: TenantStore;
  audit: AuditStore;
  rateLimit: RateLimitStore;
  dataDeletion: DataDeletionStore;
  claims: ClaimStore;
  commentPages: CommentPageStore;
  rules: RuleStore;
  automationLog: AutomationLogStore;
  jobs: JobStore;
  apiKeys: ApiKeyStore;
  outgoingWebhooks: OutgoingWebhookStore;
  incidents: IncidentStore;
  schedules: ScheduleStore;
}

let bound: StorePort | null = null;

/** Binds the store the domain uses (the composition root does this once per process). */
export function bindStore(store: StorePort): void {
  bound = store;
}

function current(): StorePort {
  if (!bound) throw new Error('No store is bound: the composition root (functions/src/handlers/deps.ts) binds the DynamoDB adapter with bindStore');
  return bound;
}

/** Per request or event: the workspace records read so far (read once, refreshed by the scope's writes). */
const scope = new AsyncLocalStorage<Map<string, Promise<WorkspaceRecord | null>>>();

/** Runs one request or event with its own read-once cache of workspace records (inside one already, in that one). */
export function withRequestScope<T>(fn: () => Promise<T>): Promise<T> {
  return scope.getStore() ? fn() : scope.run(new Map(), fn);
}

/** The bound store's area `k`, resolved at call time (domain modules take it at load, before binding). */
function area<K extends keyof StorePort>(k: K): StorePort[K] {
  return new Proxy({} as StorePort[K], {
    get: (_, fn: string) => (...args: unknown[]) => (current()[k] as unknown as Record<string, (...a: unknown[]) => unknown>)[fn]!(...args),
  });
}

const workspacesOnce: WorkspaceStore = new Proxy(area('workspaces'), {
  get(target, fn: keyof WorkspaceStore) {
    if (fn === 'getWorkspace') {
      return (workspaceId: string) => {
        const cache = scope.getStore();
        if (!cache) return target.getWorkspace(workspaceId);
        let hit = cache.get(workspaceId);
        if (!hit) cache.set(workspaceId, (hit = target.getWorkspace(workspaceId)));
        return hit;
      };
    }
    if (fn === 'setWorkspaceFields' || fn === 'renameWorkspace') {
      return async (workspaceId: string, value: never) => {
        await (target[fn] as (id: string, v: never) => Promise<void>)(workspaceId, value);
        scope.getStore()?.delete(workspaceId);
      };
    }
    return target[fn];
  },
});

/**
 * Configuration kept between events (model.ts CONFIG_AREAS): every comment reads its workspace's
 * rules, accounts, webhooks, examples, autopilot settings and brand. A read returns the copy this
 * process keeps while the area's version on the workspace record (read once per request scope) is
 * not newer than the copy's; every write of an area bumps that version (the adapter does it, so
 * every process sees it), and a write through this port also drops this process's copies and the
 * scope's record. A workspace record without versions (a fake store's) is never cached. Copies are
 * kept at most KEEP_MS, a bound on staleness should a bump ever be lost.
 */
const KEEP_MS = 5 * 60_000;
const MAX_KEPT = 5_000;
const kept = new Map<string, { version: number; at: number; value: Promise<unknown> }>();
/** A workspace area's kept copies all start with this. */
const keptPrefix = (area: ConfigArea, workspaceId: string) => `${area}\u0000${workspaceId}\u0000`;
const keptKey = (area: ConfigArea, workspaceId: string, fn: string, rest: unknown[]) => `${keptPrefix(area, workspaceId)}${fn}\u0000${JSON.stringify(rest)}`;

async function keptRead<R>(area: ConfigArea, fn: string, workspaceId: string, rest: unknown[], read: () => Promise<R>, copy: (v: R) => R = structuredClone): Promise<R> {
  const ws = (await workspacesOnce.getWorkspace(workspaceId)) as Record<string, unknown> | null;
  const version = ws?.[configVersionAttribute(area)];
  if (typeof version !== 'number') return read();
  const key = keptKey(area, workspaceId, fn, rest);
  const hit = kept.get(key);
  if (hit && hit.version >= version && Date.now() - hit.at < KEEP_MS) return copy((await hit.value) as R);
  const value = read();
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { version, at: Date.now(), value });
  value.catch(() => { if (kept.get(key)?.value === value) kept.delete(key); });
  return copy(await value);
}

/**
 * A value computed from one configuration area of a workspace (the cross-post memory from its
 * examples), kept like the area's reads and computed again once the area changes. The value is
 * shared, not copied: it must never be changed by its users.
 */
export function keptDerived<R>(area: ConfigArea, workspaceId: string, name: string, compute: () => Promise<R>): Promise<R> {
  return keptRead(area, `derived:${name}`, workspaceId, [], compute, (v) => v);
}

function forgetKept(area: ConfigArea, workspaceId: string): void {
  const prefix = keptPrefix(area, workspaceId);
  for (const key of kept.keys()) if (key.startsWith(prefix)) kept.delete(key);
  scope.getStore()?.delete(workspaceId);
}

/** `target` with the named reads kept (their first argument the workspace id) and the named writes forgetting them. */
function configCached<T extends object>(target: T, reads: Partial<Record<keyof T, ConfigArea>>, writes: Partial<Record<keyof T, ConfigArea>>): T {
  return new Proxy(target, {
    get(t, fn: string & keyof T) {
      const call = t[fn] as unknown as (...a: unknown[]) => Promise<unknown>;
      const readArea = reads[fn];
      if (readArea) return (workspaceId: string, ...rest: unknown[]) => keptRead(readArea, fn, workspaceId, rest, () => call(workspaceId, ...rest));
      const writeArea = writes[fn];
      if (writeArea) {
        return async (...args: unknown[]) => {
          const workspaceId = typeof args[0] === 'string' ? args[0] : (args[0] as { workspaceId: string }).workspaceId;
          try {
            return await call(...args);
          } finally {
            forgetKept(writeArea, workspaceId);
          }
        };
      }
      return call;
    },
  });
}

/** The store areas, for the domain modules. */
export const stores: StorePort = {
  memory: configCached(area('memory'), { listExamples: 'examples', getAutopilot: 'autopilot', listAutopilot: 'autopilot' }, { putExample: 'examples', putAutopilot: 'autopilot' }),
  comments: area('comments'),
  accounts: configCached(area('accounts'), { listAccounts: 'accounts', getAccount: 'accounts' }, { putAccount: 'accounts', deleteAccount: 'accounts' }),
  brands: configCached(area('brands'), { getBrand: 'brands' }, { putVoice: 'brands', putEntry: 'brands', putEntries: 'brands', deleteEntry: 'brands' }),
  workspaces: workspacesOnce,
  users: area('users'),
  sessions: area('sessions'),
  billing: area('billing'),
  usage: area('usage'),
  meta: area('meta'),
  automation: area('automation'),
  tenant: area('tenant'),
  audit: area('audit'),
  rateLimit: area('rateLimit'),
  dataDeletion: area('dataDeletion'),
  claims: area('claims'),
  commentPages: area('commentPages'),
  rules: configCached(area('rules'), { listRules: 'rules' }, { putRule: 'rules', deleteRule: 'rules' }),
  automationLog: area('automationLog'),
  jobs: area('jobs'),
  apiKeys: area('apiKeys'),
  outgoingWebhooks: configCached(area('outgoingWebhooks'), { listWebhooks: 'webhooks' }, {
    putWebhook: 'webhooks', deleteWebhook: 'webhooks', countWebhookFailure: 'webhooks', resetWebhookFailures: 'webhooks', disableWebhook: 'webhooks',
  }),
  incidents: area('incidents'),
  schedules: area('schedules'),
};
