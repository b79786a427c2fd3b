/** Facebook Login: the consent dialog (HTML) and the /oauth/access_token code and long-lived exchanges. */
import { GraphError, invalidToken } from './errors.js';
import type { MetaSandbox } from './sandbox.js';
import { LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS } from './tokens.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function renderDialog(sb: MetaSandbox, q: URLSearchParams): { status: number; html: string } {
  const clientId = q.get('client_id');
  const redirectUri = q.get('redirect_uri');
  const state = q.get('state') ?? '';
  const responseType = q.get('response_type') ?? 'code';
  const problem =
    clientId !== sb.config.appId ? 'Invalid App ID: the client_id does not match this app.'
      : !redirectUri || !/^https?:\/\//.test(redirectUri) ? 'The redirect_uri is missing or not an absolute http(s) URL.'
        : responseType !== 'code' ? 'Only response_type=code is supported by the sandbox.' : undefined;
  if (problem) return { status: 400, html: page('Error', `<h1>Something went wrong</h1><p role="alert">${esc(problem)}</p>`) };
  const code = sb.tokens.issueCode(redirectUri!);
  const ok = new URL(redirectUri!);
  ok.searchParams.set('code', code);
  ok.searchParams.set('state', state);
  const cancel = new URL(redirectUri!);
  cancel.searchParams.set('error', 'access_denied');
  cancel.searchParams.set('error_code', '200');
  cancel.searchParams.set('error_description', 'Permissions error');
  cancel.searchParams.set('error_reason', 'user_denied');
  cancel.searchParams.set('state', state);
  const scopes = (q.get('scope') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const businesses = [...sb.world.businesses.values()].map((b) => {
    const ig = sb.world.igUsers.get(b.igUserId);
    return `<li><strong>${esc(b.name)}</strong><br><span>Facebook Page: ${esc(b.name)}</span><br><span>Instagram: @${esc(ig?.username ?? '')}</span><br><span>Ad account: ${esc(sb.world.adAccounts.get(b.adAccountId)?.name ?? '')}</span></li>`;
  }).join('');
  const body = `
<main>
  <p class="who">Logged in as ${esc(sb.world.user.name)} (Meta sandbox)</p>
  <h1>Connect to ${esc(sb.config.appName)}</h1>
  <p>${esc(sb.config.appName)} is requesting access to the following businesses:</p>
  <ul class="biz">${businesses}</ul>
  ${scopes.length ? `<details><summary>Permissions requested (${scopes.length})</summary><ul>${scopes.map((s) => `<li>${esc(s)}</li>`).join('')}</ul></details>` : ''}
  <div class="actions">
    <a class="btn secondary" id="cancel" href="${esc(cancel.toString())}">Cancel</a>
    <a class="btn primary" id="continue" href="${esc(ok.toString())}">Continue</a>
  </div>
</main>`;
  return { status: 200, html: page(`Connect to ${sb.config.appName}`, body) };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f2f5;margin:0;padding:2rem;color:#1c1e21}main{max-width:480px;margin:auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px #0003}
.who{color:#606770;font-size:.9rem}.biz{padding-left:1.2rem}.biz li{margin:.6rem 0}.actions{display:flex;gap:.75rem;justify-content:flex-end;margin-top:1.5rem}
.btn{padding:.6rem 1.2rem;border-radius:6px;text-decoration:none;font-weight:600}.primary{background:#0866ff;color:#fff}.secondary{background:#e4e6eb;color:#1c1e21}</style></head><body>${body}</body></html>`;
}

/** GET /oauth/access_token: authorization code → short-lived token, or fb_exchange_token → long-lived. */
export function exchangeToken(sb: MetaSandbox, q: URLSearchParams): unknown {
  if (q.get('client_id') !== sb.config.appId) throw new GraphError(400, 101, 'Error validating application. Invalid application ID.');
  if (q.get('client_secret') !== sb.config.appSecret) throw new GraphError(400, 1, 'Error validating client secret.');
  if (q.get('grant_type') === 'fb_exchange_token') {
    const old = q.get('fb_exchange_token') ?? '';
    const info = sb.tokens.check(old);
    if (!info) {
      throw sb.tokens.isExpired(old)
        ? invalidToken('Error validating access token: Session has expired.', 463)
        : invalidToken('Invalid OAuth access token - Cannot parse access token');
    }
    if (info.kind !== 'user') throw new GraphError(400, 100, '(#100) fb_exchange_token must be a user access token');
    return { access_token: sb.tokens.issueUserToken(true), token_type: 'bearer', expires_in: LONG_LIVED_SECONDS };
  }
  const code = q.get('code');
  if (!code) throw new GraphError(400, 100, 'Missing authorization code');
  const r = sb.tokens.redeemCode(code, q.get('redirect_uri') ?? '');
  if ('error' in r) throw new GraphError(400, 100, r.error, 'OAuthException', r.subcode);
  return { access_token: r.token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS };
}
