/** Facebook Login: the dialog URL, code → short-lived user token, and the long-lived token exchange. */
import * as z from 'zod';
import type { MetaConfig } from './config.js';
import type { GraphClient } from './http.js';
import type { TokenGrant } from './types.js';

/** Permissions for pages, comments, Instagram comments, webhooks and ads (reference A1). */
export const DEFAULT_SCOPES = [
  'pages_show_list', 'pages_read_engagement', 'pages_read_user_content', 'pages_manage_engagement', 'pages_manage_metadata',
  'instagram_basic', 'instagram_manage_comments', 'ads_read', 'business_management',
] as const;

const TokenAnswer = z.object({ access_token: z.string().min(1), token_type: z.string().default('bearer'), expires_in: z.number().optional() });

export function loginDialogUrl(
  cfg: Pick<MetaConfig, 'dialogUrl' | 'apiVersion' | 'appId'>,
  opts: { redirectUri: string; state: string; scopes?: readonly string[]; rerequest?: boolean },
): string {
  const u = new URL(`${cfg.dialogUrl}/${cfg.apiVersion}/dialog/oauth`);
  u.searchParams.set('client_id', cfg.appId);
  u.searchParams.set('redirect_uri', opts.redirectUri);
  u.searchParams.set('state', opts.state);
  u.searchParams.set('scope', (opts.scopes ?? DEFAULT_SCOPES).join(','));
  u.searchParams.set('response_type', 'code');
  if (opts.rerequest) u.searchParams.set('auth_type', 'rerequest');
  return u.toString();
}

const grant = (a: z.infer<typeof TokenAnswer>): TokenGrant => ({ accessToken: a.access_token, tokenType: a.token_type, expiresIn: a.expires_in });

/** Code → short-lived user token; redirectUri must be identical to the dialog's. */
export async function exchangeCode(client: GraphClient, cfg: Pick<MetaConfig, 'appId' | 'appSecret'>, code: string, redirectUri: string): Promise<TokenGrant> {
  return grant(await client.get('oauth/access_token', undefined, {
    client_id: cfg.appId, client_secret: cfg.appSecret, redirect_uri: redirectUri, code,
  }, TokenAnswer));
}

/** Short-lived → long-lived user token (~60 days). */
export async function exchangeLongLived(client: GraphClient, cfg: Pick<MetaConfig, 'appId' | 'appSecret'>, shortLivedToken: string): Promise<TokenGrant> {
  return grant(await client.get('oauth/access_token', undefined, {
    grant_type: 'fb_exchange_token', client_id: cfg.appId, client_secret: cfg.appSecret, fb_exchange_token: shortLivedToken,
  }, TokenAnswer));
}
