/**
 * Where outgoing webhooks may go: public https endpoints only. A receiver URL naming a private,
 * loopback or link-local address (or a name resolving to one) is refused, so a webhook cannot reach
 * the function's own environment (the Lambda runtime API on 127.0.0.1) or private networks. The
 * local stack allows private addresses (WEBHOOK_ALLOW_PRIVATE_URLS=true: its receivers run on 127.0.0.1).
 */
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) blocked.addSubnet(net, prefix, 'ipv6');

export const privateUrlsAllowed = (): boolean => process.env.WEBHOOK_ALLOW_PRIVATE_URLS === 'true';

/** True for loopback, private, link-local, shared, multicast and unspecified addresses (IPv4-mapped IPv6 included). */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const v = isIP(ip);
  return v === 4 ? blocked.check(ip, 'ipv4') : v === 6 ? blocked.check(ip, 'ipv6') : false;
}

/** Why a receiver URL is refused (null: allowed). Names that resolve to private addresses are refused at delivery. */
export function webhookUrlProblem(raw: string): string | null {
  if (privateUrlsAllowed()) return null;
  const url = new URL(raw);
  if (url.protocol !== 'https:') return 'must be an https URL';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || isPrivateAddress(host)) return 'must be a public address, not a private, loopback or link-local one';
  return null;
}
