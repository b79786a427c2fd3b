/** Where outgoing webhooks may go (SSRF guard): public https endpoints only, unless the local stack allows private ones. */
import { afterEach, describe, expect, it } from 'vitest';
import { isPrivateAddress, webhookUrlProblem } from '../../src/domain/webhook-url.js';

afterEach(() => { delete process.env.WEBHOOK_ALLOW_PRIVATE_URLS; });

describe('webhook receiver URLs', () => {
  it('private, loopback, link-local and mapped addresses are private; public ones are not', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('only public https URLs are accepted', () => {
    expect(webhookUrlProblem('https://hooks.example.com/pagewarden')).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/pagewarden')).toBe('must be an https URL');
    for (const url of ['https://127.0.0.1:9001/2018-06-01/runtime/invocation/next', 'https://localhost/x', 'https://[::1]/x', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.5/hook', 'https://metadata.google.internal/x']) {
      expect(webhookUrlProblem(url), url).toMatch(/public address/);
    }
  });

  it('the local stack allows its own receivers', () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
    expect(webhookUrlProblem('http://127.0.0.1:4567/hook')).toBeNull();
  });
});
