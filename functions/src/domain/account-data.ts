/**
 * The user's own data (design D11): export everything we hold about them, delete the account
 * entirely, and Meta's data-deletion callback (a Facebook user removed the app: forget the pages
 * and tokens they connected).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IdentityPort } from '../auth/identity.js';
import { BadRequest } from '../http/errors.js';
import { metaConfig } from '../platform/graph.js';
import * as accounts from '../store/accounts.js';
import { unmarkAutomated } from '../store/automation.js';
import { deleteTenant, tenantItems, unlinkMetaUser, usersOfMetaUser } from '../store/tenant.js';
import { deleteUserRecords } from '../store/users.js';
import { disconnect } from './connect.js';
import { requireUser } from './accounts.js';

const SECRET_FIELDS = new Set(['encryptedToken', 'encryptedUserToken']);

/** Everything under the user's partition, grouped by type, without tokens or internal keys. */
export async function exportData(userId: string): Promise<Record<string, unknown>> {
  const user = await requireUser(userId);
  const out: Record<string, unknown[]> = {};
  for await (const items of tenantItems(userId)) {
    for (const item of items) {
      const type = String(item.type ?? 'other');
      if (type === 'user' || type === 'connection') continue;
      const clean = Object.fromEntries(Object.entries(item).filter(([k]) => !SECRET_FIELDS.has(k) && !/^(pk|sk|gsi\d(pk|sk))$/.test(k)));
      (out[`${type}s`] ??= []).push(type === 'comment' ? clean.comment : clean);
    }
  }
  return { exportedAt: new Date().toISOString(), profile: user, ...out };
}

/** Deletes the account: platform connections (webhooks unsubscribed), every stored item, the login. */
export async function deleteAccount(identity: IdentityPort, userId: string): Promise<void> {
  const user = await requireUser(userId);
  for (const a of await accounts.listAccounts(userId)) await disconnect(userId, a.id).catch(() => undefined);
  await unmarkAutomated(userId);
  await deleteTenant(userId);
  await deleteUserRecords(userId, user.email);
  await identity.deleteUser(userId).catch((err: unknown) => console.warn('[delete] identity already gone', err));
}

function base64url(s: string): Buffer {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** Verifies Meta's signed_request (HMAC-SHA256 with the app secret) and returns its payload. */
export function parseSignedRequest(signedRequest: string, appSecret: string): { user_id: string } {
  const [sig, payload] = signedRequest.split('.');
  if (!sig || !payload) throw new BadRequest('signed_request is malformed');
  const expected = createHmac('sha256', appSecret).update(payload).digest();
  const given = base64url(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new BadRequest('signed_request signature does not match');
  const data = JSON.parse(base64url(payload).toString('utf8')) as { user_id?: unknown; algorithm?: unknown };
  if (typeof data.user_id !== 'string' || String(data.algorithm).toUpperCase() !== 'HMAC-SHA256') throw new BadRequest('signed_request payload is invalid');
  return { user_id: data.user_id };
}

export async function metaDataDeletion(rawBody: string, appUrl: string): Promise<{ url: string; confirmation_code: string }> {
  const signed = new URLSearchParams(rawBody).get('signed_request');
  if (!signed) throw new BadRequest('signed_request is required');
  const { user_id } = parseSignedRequest(signed, metaConfig().appSecret);
  for (const userId of await usersOfMetaUser(user_id)) {
    for (const a of await accounts.listAccounts(userId)) await disconnect(userId, a.id).catch(() => undefined);
    await unlinkMetaUser(user_id, userId);
  }
  const code = randomUUID();
  return { url: `${appUrl.replace(/\/$/, '')}/privacy?deletion=${code}`, confirmation_code: code };
}
