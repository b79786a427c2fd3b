/**
 * The Graph API adapter of the domain's Meta port (domain/meta-port.ts): OAuth, pages, Instagram
 * accounts, webhook subscriptions, ads and comment listing, with Meta's throttling and invalid-token
 * errors translated into the port's. Every answer is counted per workspace for analytics.
 */
import * as z from 'zod';
import { MetaThrottled, MetaTokenInvalid, type MetaPort, type MetaSession, type TokenVault } from '../domain/meta-port.js';
import { graphFor, metaConfig } from './graph.js';
import { adCommentSources, listAdAccounts, listAds } from './meta/ads.js';
import { exchangeCode, exchangeLongLived, loginDialogUrl } from './meta/auth.js';
import { facebookPageComments } from './meta/comments.js';
import { ThrottledError, TokenInvalidError } from './meta/errors.js';
import { instagramAccountComments } from './meta/instagram.js';
import { getInstagramAccount, listPages, subscribePage, unsubscribePage } from './meta/pages.js';
import { decryptToken, encryptToken } from './tokens.js';

const MetaUser = z.object({ id: z.string() });

function translate(err: unknown): unknown {
  if (err instanceof ThrottledError) return new MetaThrottled(err.message, err.retryAfterMs);
  if (err instanceof TokenInvalidError) return new MetaTokenInvalid(err.message);
  return err;
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try { return await fn(); } catch (err) { throw translate(err); }
}

async function* pages<T>(source: AsyncIterable<T>): AsyncIterable<T> {
  try { yield* source; } catch (err) { throw translate(err); }
}

function session(workspaceId: string | null): MetaSession {
  const { graph, flush } = graphFor(workspaceId);
  const cfg = metaConfig();
  return {
    userTokenForCode: (code, redirectUri) => call(async () => {
      const short = await exchangeCode(graph, cfg, code, redirectUri);
      return (await exchangeLongLived(graph, cfg, short.accessToken)).accessToken;
    }),
    userId: (token) => call(async () => (await graph.get('me', token, { fields: 'id' }, MetaUser)).id),
    pages: (token) => call(async () => (await listPages(graph, token)).map((p) => ({ id: p.id, name: p.name, accessToken: p.accessToken }))),
    instagramAccount: (pageId, token) => call(() => getInstagramAccount(graph, pageId, token)),
    subscribePage: (pageId, token) => call(async () => { await subscribePage(graph, pageId, token, ['feed']); }),
    unsubscribePage: (pageId, token) => call(() => unsubscribePage(graph, pageId, token)),
    adSources: (token) => call(async () => adCommentSources((await Promise.all((await listAdAccounts(graph, token)).map((a) => listAds(graph, a.id, token)))).flat())),
    facebookPageComments: (o) => pages(facebookPageComments(graph, o)),
    instagramAccountComments: (o) => pages(instagramAccountComments(graph, o)),
    flush,
  };
}

export const graphMeta: MetaPort = {
  session,
  loginDialogUrl: (redirectUri, state) => loginDialogUrl(metaConfig(), { redirectUri, state }),
  appSecret: () => metaConfig().appSecret,
};

export const tokenVault: TokenVault = { seal: encryptToken, open: decryptToken };
