/**
 * Connecting Facebook and Instagram: a signed, single-use OAuth state; the callback exchanges the
 * code for a long-lived user token, stores one brand per page (its page and Instagram account,
 * tokens encrypted) within the plan's brand limit, and subscribes each page to webhooks.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SocialAccount } from '@cg/shared';
import { Missing } from './errors.js';
import { assertCanAddBrands } from './limits.js';
import { meta, vault, type MetaSession } from './meta-port.js';
import { stores } from './store-port.js';
import type { StoredAccount } from './model.js';

const accounts = stores.accounts;
const { consumeOAuthState, deletePageOwner, listPageOwners, putOAuthState, putPageOwner } = stores.meta;
const { getWorkspace, setWorkspaceFields } = stores.workspaces;
const { markAutomated, unmarkAutomated } = stores.automation;
const { linkMetaUser } = stores.tenant;

const STATE_TTL_SECONDS = 600;
/** `cancelled`: the person pressed Cancel on Meta's consent page (Meta answers error=access_denied). */
export type ConnectError = 'cancelled' | 'oauth_failed' | 'token_failed' | 'connection_failed' | 'plan_limit';

function secret(): string {
  return process.env.OAUTH_STATE_SECRET ?? meta().appSecret() ?? 'local-state-secret';
}
function sign(payload: string): string {
  return createHmac('sha256', secret()).update(payload).digest('base64url');
}

/** The OAuth redirect URI on the app's public origin (identical in the dialog and the code exchange). */
export function callbackUrl(origin: string): string {
  return `${origin.replace(/\/$/, '')}/api/auth/facebook/callback`;
}

export async function startConnect(workspaceId: string, origin: string): Promise<string> {
  const nonce = randomBytes(16).toString('base64url');
  await putOAuthState(nonce, workspaceId, STATE_TTL_SECONDS);
  const payload = `${workspaceId}.${nonce}`;
  return meta().loginDialogUrl(callbackUrl(origin), `${payload}.${sign(payload)}`);
}

async function validState(workspaceId: string, state: string | undefined): Promise<boolean> {
  const parts = (state ?? '').split('.');
  if (parts.length !== 3) return false;
  const [uid, nonce, sig] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${uid}.${nonce}`));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given) || uid !== workspaceId) return false;
  return consumeOAuthState(nonce, workspaceId);
}

/** Returns where to send the browser: /settings?success=connected or ?error=…. */
export async function finishConnect(workspaceId: string, origin: string, query: Record<string, string | undefined>): Promise<string> {
  const fail = (e: ConnectError) => `/settings?error=${e}`;
  const valid = await validState(workspaceId, query.state);
  if (valid && query.error === 'access_denied') return fail('cancelled');
  if (!valid || query.error || !query.code) return fail('oauth_failed');
  const platform = meta().session(workspaceId);
  try {
    return await connectWith(platform, workspaceId, query.code, callbackUrl(origin));
  } finally {
    await platform.flush();
  }
}

async function connectWith(platform: MetaSession, workspaceId: string, code: string, redirectUri: string): Promise<string> {
  const fail = (e: ConnectError) => `/settings?error=${e}`;
  let userToken: string;
  try {
    userToken = await platform.userTokenForCode(code, redirectUri);
  } catch {
    return fail('token_failed');
  }
  try {
    await linkMetaUser(await platform.userId(userToken), workspaceId);
    const pages = await platform.pages(userToken);
    const existing = await accounts.listAccounts(workspaceId);
    const brands = new Set(existing.filter((a) => a.platform === 'facebook').map((a) => a.externalId));
    const user = (await getWorkspace(workspaceId))!;
    // Reconnected pages always update; new ones fit within the plan's brand limit, the rest are named in a notice.
    const fresh = pages.filter((p) => !brands.has(p.id));
    let allowed = fresh.length;
    while (allowed > 0) {
      try { assertCanAddBrands(user, brands.size, allowed); break; } catch { allowed--; }
    }
    // Refused only when nothing at all can be connected: a reconnect still refreshes the brands already there.
    if (fresh.length && !allowed && fresh.length === pages.length) return fail('plan_limit');
    const skipped = fresh.slice(allowed);
    if (skipped.length) {
      const why = (() => { try { assertCanAddBrands(user, brands.size, fresh.length); return ''; } catch (e) { return (e as Error).message; } })();
      await setWorkspaceFields(workspaceId, { notice: `${why} Not connected: ${skipped.map((p) => p.name).join(', ')}.` });
    }
    const now = new Date().toISOString();
    for (const page of pages.filter((p) => !skipped.includes(p))) {
      const ig = await platform.instagramAccount(page.id, page.accessToken);
      const old = existing.find((a) => a.externalId === page.id && a.platform === 'facebook');
      const base = { workspaceId, brandId: page.id, encryptedToken: await vault().seal(page.accessToken), isActive: true, needsReconnect: false, throttledUntil: null, connectedAt: old?.connectedAt ?? now };
      await accounts.putAccount({ ...base, id: `fb_${page.id}`, platform: 'facebook', accountName: page.name, externalId: page.id, syncedUntil: old?.syncedUntil ?? null, instagramId: ig?.id ?? null, encryptedUserToken: await vault().seal(userToken) });
      await putPageOwner(page.id, { workspaceId, accountId: `fb_${page.id}` });
      if (ig) {
        const oldIg = existing.find((a) => a.externalId === ig.id && a.platform === 'instagram');
        await accounts.putAccount({ ...base, id: `ig_${ig.id}`, platform: 'instagram', accountName: ig.username ? `@${ig.username}` : `${page.name} (Instagram)`, externalId: ig.id, syncedUntil: oldIg?.syncedUntil ?? null, instagramId: null, encryptedUserToken: null });
        await putPageOwner(ig.id, { workspaceId, accountId: `ig_${ig.id}` });
      }
      await platform.subscribePage(page.id, page.accessToken);
    }
    await markAutomated(workspaceId);
    return '/settings?success=connected';
  } catch (err) {
    console.error('[connect] failed', err);
    return fail('connection_failed');
  }
}

export function toSocialAccount(a: StoredAccount): SocialAccount {
  return { id: a.id, platform: a.platform, accountName: a.accountName, isActive: a.isActive && !a.needsReconnect, needsReconnect: a.needsReconnect };
}

export async function listSocialAccounts(workspaceId: string): Promise<SocialAccount[]> {
  return (await accounts.listAccounts(workspaceId)).map(toSocialAccount);
}

/**
 * Disconnects one account: deletes its tokens and this workspace's claim on the page, keeps the
 * comments. The page is unsubscribed from webhooks at Meta only when no other workspace (an agency
 * and its client may share it) still has it connected.
 */
export async function disconnect(workspaceId: string, id: string): Promise<void> {
  const a = await accounts.getAccount(workspaceId, id);
  if (!a) throw new Missing('Account not found');
  await accounts.deleteAccount(workspaceId, id);
  await deletePageOwner(a.externalId, workspaceId);
  if (a.platform === 'facebook' && a.encryptedToken && !(await listPageOwners(a.externalId)).length) {
    const platform = meta().session(workspaceId);
    await platform.unsubscribePage(a.externalId, await vault().open(a.encryptedToken)).catch(() => false);
    await platform.flush();
  }
  if (!(await accounts.listAccounts(workspaceId)).length) await unmarkAutomated(workspaceId);
}
