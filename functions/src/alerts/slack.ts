/**
 * The Slack-compatible incoming webhook adapter: one POST of JSON with a time-out. In AWS the URL
 * must be https and public, checked again at each post (the name may resolve to a private address now).
 */
import { lookup } from 'node:dns/promises';
import { SLACK_TIMEOUT_MS } from '@cg/shared';
import { isPrivateAddress, privateUrlsAllowed } from '../domain/webhook-url.js';

export async function slackPost(url: string, body: unknown): Promise<{ status: number }> {
  if (!privateUrlsAllowed()) {
    const addresses = await lookup(new URL(url).hostname, { all: true });
    if (addresses.some((a) => isPrivateAddress(a.address))) throw new Error('the Slack URL resolves to a private address');
  }
  const res = await fetch(url, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, redirect: 'manual', signal: AbortSignal.timeout(SLACK_TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  return { status: res.status };
}
