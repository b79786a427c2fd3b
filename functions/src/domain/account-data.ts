/**
 * The user's own data (design D11): export everything we hold about them, delete the account
 * entirely, and Meta's data-deletion callback (a Facebook user removed the app: forget the pages
 * and tokens they connected).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { pathOf } from '@cg/shared';
import type { IdentityPort } from '../auth/identity.js';
import type { BillingPort } from '../billing/port.js';
import { Invalid, Missing } from './errors.js';
import { meta } from './meta-port.js';
import { closeBilling } from './billing.js';
import { disconnect } from './connect.js';
import { requireUser } from './accounts.js';
import { stores } from './store-port.js';
import type { DeletionStatus } from './model.js';

const accounts = stores.accounts;
const users = stores.users;
const workspaces = stores.workspaces;
const { unmarkAutomated } = stores.automation;
const { getDeletionStatus, putDeletionStatus } = stores.dataDeletion;
const { deleteTenant, tenantItems, unlinkMetaUser, workspacesOfMetaUser } = stores.tenant;
const { revokeUserSessions } = stores.sessions;

const SECRET_FIELDS = new Set(['encryptedToken', 'encryptedUserToken', 'tokenHash']);
const SKIPPED_TYPES = new Set(['connection', 'inviteToken', 'searchWord']);

/** The user's profile and everything under the active workspace's partition, grouped by type, without tokens or internal keys. */
export async function exportData(userId: string, workspaceId: string, opts: { progress?: (items: number) => Promise<void> } = {}): Promise<Record<string, unknown>> {
  const user = await requireUser(userId, workspaceId);
  const out: Record<string, unknown[]> = {};
  let seen = 0;
  for await (const items of tenantItems(workspaceId)) {
    seen += items.length;
    await opts.progress?.(seen);
    for (const item of items) {
      const type = String(item.type ?? 'other');
      if (SKIPPED_TYPES.has(type)) continue;
      const clean = Object.fromEntries(Object.entries(item).filter(([k]) => !SECRET_FIELDS.has(k) && !/^(pk|sk|gsi\d(pk|sk)|ttl)$/.test(k)));
      (out[`${type}s`] ??= []).push(type === 'comment' ? clean.comment : clean);
    }
  }
  return { exportedAt: new Date().toISOString(), profile: user, ...out };
}

/**
 * Deletes a workspace: its subscription cancelled now (first: if Stripe fails, a 502 and nothing is
 * deleted), its pages disconnected (Meta unsubscribed when no other workspace still has them), every
 * stored item, and every member's link to it.
 */
export async function deleteWorkspace(workspaceId: string, billing: BillingPort | null): Promise<void> {
  await closeBilling(billing, workspaceId);
  for (const a of await accounts.listAccounts(workspaceId)) await disconnect(workspaceId, a.id).catch((err: unknown) => console.warn('[delete] disconnect failed', a.id, err));
  const members = await workspaces.listMembers(workspaceId);
  await unmarkAutomated(workspaceId);
  for (const m of members) await workspaces.removeMember(workspaceId, m.userId);
  await deleteTenant(workspaceId);
}

/** Deletes the account: the workspaces the user owns (as above), their other memberships, their sessions, the login. */
export async function deleteAccount(identity: IdentityPort, userId: string, billing: BillingPort | null): Promise<void> {
  const profile = await users.getProfile(userId);
  if (!profile) throw new Missing('User not found');
  const memberships = await workspaces.listMemberships(userId);
  // Every owned workspace's subscription ends before anything is deleted (a Stripe failure deletes nothing).
  for (const m of memberships) if (m.role === 'owner') await closeBilling(billing, m.workspaceId);
  for (const m of memberships) {
    if (m.role === 'owner') await deleteWorkspace(m.workspaceId, billing);
    else await workspaces.removeMember(m.workspaceId, userId);
  }
  await revokeUserSessions(userId);
  await users.deleteUserRecords(userId, profile.email);
  await identity.deleteUser(userId).catch((err: unknown) => console.warn('[delete] identity already gone', err));
}

function base64url(s: string): Buffer {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** Meta's signed requests older than this are refused (replays), and so are those dated ahead by more than the skew. */
const SIGNED_REQUEST_MAX_AGE_SECONDS = 24 * 3600;
const SIGNED_REQUEST_MAX_SKEW_SECONDS = 300;

/** Verifies Meta's signed_request (HMAC-SHA256 with the app secret, issued within the last day) and returns its payload. */
export function parseSignedRequest(signedRequest: string, appSecret: string, now = Date.now()): { user_id: string } {
  const [sig, payload] = signedRequest.split('.');
  if (!sig || !payload) throw new Invalid('signed_request is malformed');
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = base64url(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Invalid('signed_request signature does not match');
  let data: { user_id?: unknown; algorithm?: unknown; issued_at?: unknown };
  try {
    data = JSON.parse(base64url(payload).toString('utf8')) as typeof data;
  } catch {
    throw new Invalid('signed_request payload is not JSON');
  }
  if (!data || typeof data !== 'object') throw new Invalid('signed_request payload is not a JSON object');
  if (typeof data.user_id !== 'string' || String(data.algorithm).toUpperCase() !== 'HMAC-SHA256') throw new Invalid('signed_request payload is invalid');
  const issuedAt = data.issued_at;
  if (typeof issuedAt !== 'number' || !Number.isFinite(issuedAt)) throw new Invalid('signed_request has no issued_at time');
  const age = now / 1000 - issuedAt;
  if (age > SIGNED_REQUEST_MAX_AGE_SECONDS) throw new Invalid('signed_request is older than a day (issued_at)');
  if (age < -SIGNED_REQUEST_MAX_SKEW_SECONDS) throw new Invalid('signed_request is dated in the future (issued_at)');
  return { user_id: data.user_id };
}

export async function metaDataDeletion(rawBody: string, appUrl: string): Promise<{ url: string; confirmation_code: string }> {
  const signed = new URLSearchParams(rawBody).get('signed_request');
  if (!signed) throw new Invalid('signed_request is required');
  const { user_id } = parseSignedRequest(signed, meta().appSecret());
  for (const userId of await workspacesOfMetaUser(user_id)) {
    for (const a of await accounts.listAccounts(userId)) await disconnect(userId, a.id).catch(() => undefined);
    await unlinkMetaUser(user_id, userId);
  }
  const code = randomUUID();
  await putDeletionStatus({ code, status: 'completed', completedAt: new Date().toISOString() });
  // The status URL Meta shows the person: served by GET /api/data-deletion/{code}.
  return { url: `${appUrl.replace(/\/$/, '')}${pathOf('dataDeletionStatus', { code })}`, confirmation_code: code };
}

/** The status Meta's data-deletion callback promised at its URL. */
export async function deletionStatus(code: string): Promise<DeletionStatus> {
  const status = await getDeletionStatus(code);
  if (!status) throw new Missing('No data-deletion request has this confirmation code');
  return status;
}
