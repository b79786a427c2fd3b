/** Test helper: a webhook receiver on a free port that answers Meta's handshake and records signed POSTs. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received { raw: string; signature: string | undefined; json: { object: string; entry: { id: string; changes: { field: string; value: Record<string, unknown> }[] }[] } }

export async function startReceiver(verifyToken: string): Promise<{ url: string; received: Received[]; handshakes: number; close(): Promise<void> }> {
  const state = { received: [] as Received[], handshakes: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET') {
      state.handshakes += 1;
      const ok = url.searchParams.get('hub.mode') === 'subscribe' && url.searchParams.get('hub.verify_token') === verifyToken;
      res.writeHead(ok ? 200 : 403).end(ok ? url.searchParams.get('hub.challenge') ?? '' : 'forbidden');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      state.received.push({ raw, signature: req.headers['x-hub-signature-256'] as string | undefined, json: JSON.parse(raw) });
      res.writeHead(200).end('EVENT_RECEIVED');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/webhooks/meta`,
    received: state.received,
    get handshakes() { return state.handshakes; },
    close: () => new Promise<void>((r) => { server.close(() => r()); server.closeAllConnections(); }),
  };
}
