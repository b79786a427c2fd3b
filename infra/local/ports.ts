/** Free ports chosen at run time, and waiting for a child service to answer. */
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** Polls `probe` until it succeeds (it answers at all) or the deadline passes. */
export async function waitFor(what: string, probe: () => Promise<unknown>, timeoutMs = 60_000, exited?: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < deadline) {
    const gone = exited?.();
    if (gone) throw new Error(`${what} exited before it was ready: ${gone}`);
    try { await probe(); return; } catch (err) { lastErr = err; }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs} ms: ${String(lastErr)}`);
}
