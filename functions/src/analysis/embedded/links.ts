/**
 * Links in a comment, found by linkify-it (fuzzy: bare domains too) after undoing the usual
 * obfuscations ("site dot com", "site[.]com", "site . com", "site .com", "w w w. site", "bit . ly/x"), with the registrable
 * domain from the public-suffix list (tldts-icann). A domain the brand did not list and that is not a
 * well-known platform is "unknown"; URL shorteners hide their target.
 */
import { LinkifyIt } from 'linkify-it';
import { parse } from 'tldts-icann';

/** Bare domains match on linkify-it's default TLDs plus the generic ones spam favours. */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false }).tlds(
  ('xyz top online site club store live app link click vip icu fun win bid money cash io ai me ly co gg lol buzz today shop cc tk ml ga cf gq'
    // The generic ones fake support and policy notices favour ("meta-policy-review.help", "fb-business-hilfe.support").
    + ' help support services center page review security cloud network email tech website space digital claim gift loan').split(' '), true,
);

const SHORTENERS = new Set(['bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'is.gd', 'buff.ly', 'cutt.ly', 'rebrand.ly', 'shorturl.at', 'rb.gy', 't.ly', 'tiny.cc', 'wa.me', 't.me', 'linktr.ee', 'bitly.com', 's.id', 'lnkd.in']);
const PLATFORMS = new Set(['facebook.com', 'fb.com', 'instagram.com', 'youtube.com', 'youtu.be', 'google.com', 'wikipedia.org', 'twitter.com', 'x.com', 'tiktok.com', 'amazon.com', 'apple.com', 'linkedin.com']);
/** Messaging links: a way to take the conversation off the page. */
const MESSAGING = new Set(['wa.me', 't.me', 'telegram.me', 'whatsapp.com', 'm.me']);

export interface FoundLink { url: string; domain: string; shortener: boolean; messaging: boolean; known: boolean; obfuscated: boolean }

// " . ", " .com" (a space before the dot only: a space after it alone is a sentence's end), "[.]", "(dot)".
const DOT = /(?:\s*(?:\[\s*\.\s*\]|\(\s*\.\s*\)|\{\s*\.\s*\}|\[dot\]|\(dot\))\s*|\s+\.\s+|\s+\.(?=[a-z])|\s+dot\s+)/gi;

const MAY_HOLD_DOMAIN = /[.\u3002\uff0e\uff61][\p{L}\p{N}]/u;

function undoObfuscation(text: string): string {
  return text.replace(/\bw\s+w\s+w\s*\.\s*/gi, 'www.').replace(new RegExp(`([a-z0-9-]{2,})${DOT.source}([a-z]{2,10})\\b`, 'gi'), '$1.$2');
}

/** Every link in the text with its registrable domain; `brandDomains` count as known. */

export function findLinks(text: string, brandDomains: readonly string[] = []): FoundLink[] {
  const plain = text.normalize('NFKC');
  const undone = undoObfuscation(plain);
  // A link with a registrable domain has a dot before its suffix: without one, linkify-it's scan is skipped.
  if (!MAY_HOLD_DOMAIN.test(undone)) return [];
  const matches = linkify.match(undone) ?? [];
  const direct = undone === plain ? new Set(matches.map((m) => m.url)) : new Set((linkify.match(plain) ?? []).map((m) => m.url));
  const out: FoundLink[] = [];
  for (const m of matches) {
    const host = parse(m.url);
    if (!host.domain || !host.publicSuffix || host.isIp) continue;
    const hostname = (host.hostname ?? '').replace(/^www\./, '');
    const shortener = SHORTENERS.has(hostname) || SHORTENERS.has(host.domain);
    const known = PLATFORMS.has(host.domain) || brandDomains.some((d) => host.domain === d || hostname.endsWith('.' + d) || hostname === d);
    out.push({ url: m.url, domain: host.domain, shortener, messaging: MESSAGING.has(hostname) || MESSAGING.has(host.domain), known, obfuscated: !direct.has(m.url) });
  }
  return out;
}
