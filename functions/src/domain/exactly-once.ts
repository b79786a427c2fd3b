/**
 * Platform actions happen exactly once (design D15). Before calling Meta the action is claimed with a
 * conditional write keyed by comment + action + attempt (the comment's version when it was read);
 * after the call the claim is completed with what the platform answered, then the comment is written.
 * A concurrent or repeated request finds the claim and never calls again; a claim left open by a
 * timeout or a crash is resolved by reading the platform's state before anything is retried.
 * Nothing is recorded unless the platform accepted it.
 */
import { randomUUID } from 'node:crypto';
import type { CommentAction, CommentStatus } from '@cg/shared';
import { ConcurrentAttempt, StateConflict, UpstreamFailure } from './errors.js';
import type { StoredComment } from './model.js';
import { PlatformActionError, PlatformOutcomeUnknown, type Notifier, type PlatformActionsPort, type PlatformCommentState } from './ports.js';
import { stores, type ActionClaim, type ClaimKey } from './store-port.js';
import { commentPayload, emitWebhookEvents } from './outgoing-webhooks.js';
import { rememberAction } from './learning.js';

const comments = stores.comments;
const claims = stores.claims;

export interface ActionDeps { platform: PlatformActionsPort; notifier: Notifier }

/** An open claim older than this (the Graph call times out after 30 s) belongs to a caller that died. */
const LEASE_MS = 45_000;
/** A completed claim not yet recorded on the comment after this long: its caller died in between. */
const RECORD_GRACE_MS = 10_000;

/** What the platform answered (the id of what it created, if anything). */
export interface Effect { platformId?: string }

export interface PlatformStep {
  /** The claim's action name: the same effect shares one name whichever route asks for it. */
  action: string;
  call(): Promise<Effect>;
  /** From the platform's state now: the effect if the action already happened, else null (never sure: null). */
  happened(state: PlatformCommentState): Effect | null;
}

/** Recent Activity names who acted. */
export function withActor(description: string, by: string | undefined | null): string {
  return by ? `${description} (by ${by})` : description;
}

export function concurrent(): never {
  throw new StateConflict('This comment was changed by another action. Refresh and try again.');
}

/** The effect to record (and the claim to mark recorded once it is), or the comment as another request recorded it. */
type Outcome = { effect: Effect; claim: ClaimKey } | { finished: StoredComment };

/**
 * Runs the step at most once for this attempt. Returns the effect to record, or `finished` with the
 * comment as another request already recorded it (the completed result).
 */
export async function exactlyOnce(deps: ActionDeps, s: StoredComment, step: PlatformStep, by: string | null): Promise<Outcome> {
  const key: ClaimKey = { workspaceId: s.workspaceId, commentId: s.comment.id, action: step.action, attempt: s.version };
  const lease = randomUUID();
  const earlier = await earlierAttempt(deps, s, step, key);
  if (earlier) return earlier;
  const existing = await claims.claimAction({ ...key, state: 'open', lease, claimedAt: new Date().toISOString(), by, uncertain: false });
  if (existing) {
    const settled = await settle(deps, s, step, existing, lease, by);
    if (settled) return settled;
  }
  try {
    const effect = await step.call();
    await claims.completeClaim(key, lease, effect.platformId);
    return { effect, claim: key };
  } catch (err) {
    if (err instanceof PlatformActionError) {
      await claims.refuseClaim(key, lease, err.message);
      await comments.writeComment(s, { ...s, comment: { ...s.comment, lastError: err.message } });
      throw new UpstreamFailure(`The platform refused the action: ${err.message}`);
    }
    if (err instanceof PlatformOutcomeUnknown) {
      await claims.markClaimUncertain(key, lease);
      throw new UpstreamFailure('The platform did not answer, so it is not known whether the action happened. Try again: the retry checks the platform first and never acts twice.');
    }
    throw err;
  }
}

/**
 * An earlier attempt of the same action (the comment changed meanwhile for another reason) that is
 * still open or just done must be settled first: otherwise a new attempt could act a second time.
 */
async function earlierAttempt(deps: ActionDeps, s: StoredComment, step: PlatformStep, key: ClaimKey): Promise<Outcome | null> {
  const earlier = (await claims.listClaims(key.workspaceId, key.commentId, key.action)).filter((c) => c.attempt < key.attempt);
  const unrecorded = earlier.find((c) => c.state === 'done' && !c.recorded);
  if (unrecorded) {
    if (Date.now() - Date.parse(unrecorded.completedAt ?? unrecorded.claimedAt) < RECORD_GRACE_MS) throw new ConcurrentAttempt('This action was just done by another request. Refresh to see it.');
    // Its caller died around recording it: the platform says whether its effect still stands.
    const effect = step.happened(await platformState(deps, s));
    if (effect) return { effect: { ...effect, ...(unrecorded.platformId ? { platformId: unrecorded.platformId } : {}) }, claim: unrecorded };
    await claims.markClaimRecorded(unrecorded);
  }
  for (const c of earlier.filter((x) => x.state === 'open')) {
    if (!c.uncertain && Date.now() - Date.parse(c.claimedAt) < LEASE_MS) throw new ConcurrentAttempt('This action is already under way on the platform. Refresh in a moment.');
    const effect = step.happened(await platformState(deps, s));
    if (effect) {
      if (await claims.completeClaim(c, c.lease, effect.platformId)) return { effect, claim: c };
      throw new ConcurrentAttempt('This action was just done by another request. Refresh to see it.');
    }
    await claims.refuseClaim(c, c.lease, 'Not done on the platform; superseded by a later attempt');
  }
  return null;
}

async function platformState(deps: ActionDeps, s: StoredComment): Promise<PlatformCommentState> {
  try {
    return await deps.platform.commentState(s.workspaceId, s.comment);
  } catch (err) {
    if (err instanceof PlatformActionError || err instanceof PlatformOutcomeUnknown) throw new UpstreamFailure(`Could not check on the platform whether the earlier attempt happened: ${err.message}. Try again later.`);
    throw err;
  }
}

/** Another request claimed this attempt: its result, a 409 while it is under way, or (after a timeout or crash) the platform's word. */
async function settle(deps: ActionDeps, s: StoredComment, step: PlatformStep, c: ActionClaim, lease: string, by: string | null): Promise<Outcome | null> {
  if (c.state === 'refused') throw new UpstreamFailure(`The platform refused the action: ${c.error ?? 'no reason given'}`);
  if (c.state === 'done') {
    if (c.recorded) {
      const now = await comments.getComment(s.workspaceId, s.comment.id);
      if (now) return { finished: now };
    }
    if (Date.now() - Date.parse(c.completedAt ?? c.claimedAt) > RECORD_GRACE_MS) return { effect: { ...(c.platformId ? { platformId: c.platformId } : {}) }, claim: c };
    throw new ConcurrentAttempt('This action was just done by another request. Refresh to see it.');
  }
  if (!c.uncertain && Date.now() - Date.parse(c.claimedAt) < LEASE_MS) {
    throw new ConcurrentAttempt('This action is already under way on the platform. Refresh in a moment.');
  }
  const effect = step.happened(await platformState(deps, s));
  if (effect) {
    // Two retries may resolve the same claim: only the one that completes it records the effect.
    if (await claims.completeClaim(c, c.lease, effect.platformId)) return { effect, claim: c };
    throw new ConcurrentAttempt('This action was just done by another request. Refresh to see it.');
  }
  if (!(await claims.takeOverClaim(c, c.lease, lease, by))) throw new ConcurrentAttempt('This action is already under way on the platform. Refresh in a moment.');
  return null; // the caller acts, holding the claim with `lease`
}

export interface Change {
  action: CommentAction;
  /** The new state, from the current one (re-applied to a fresh read if another write came first). */
  apply(cur: StoredComment): Omit<StoredComment, 'version' | 'updatedAt'>;
  activity: string;
  platformId?: string;
}

/**
 * Records a change on the comment (version-guarded, with counters and the activity entry), then its
 * history entry and a live update, and remembers it as an example of the workspace (learning.ts). When `mustRecord` (the platform already acted), a lost race is
 * retried on a fresh read instead of failing.
 */
export async function record(deps: Pick<ActionDeps, 'notifier'>, s: StoredComment, change: Change, by: string | null, mustRecord: boolean): Promise<StoredComment> {
  let cur = s;
  for (let attempt = 0; ; attempt++) {
    const next = await comments.writeComment(cur, change.apply(cur), withActor(change.activity, by));
    if (next) {
      await stores.claims.addHistory(s.workspaceId, s.comment.id, {
        action: change.action, by, description: change.activity, status: next.comment.status as CommentStatus,
        ...(change.platformId ? { platformId: change.platformId } : {}),
      });
      await deps.notifier.notify(s.workspaceId, { type: 'comment_action_executed', commentId: s.comment.id, status: next.comment.status });
      await emitWebhookEvents(s.workspaceId, 'comment.actioned', [{ action: change.action, by, comment: commentPayload(next.comment) }]);
      await rememberAction(next, change.action, by, deps);
      return next;
    }
    if (!mustRecord || attempt >= 5) concurrent();
    const fresh = await comments.getComment(s.workspaceId, s.comment.id);
    if (!fresh) concurrent();
    cur = fresh;
  }
}
