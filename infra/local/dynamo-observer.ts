/**
 * An observing proxy in front of DynamoDB Local, for benchmarks: the functions run in their own
 * processes, so what they ask of DynamoDB is seen on the wire. Each call is forwarded unchanged
 * (except that, while `recordCapacity` is on, reads and writes ask for ReturnConsumedCapacity) and
 * reported to the listeners with its operation, request, response and duration.
 */
import http from 'node:http';

export interface DynamoCall {
  /** DynamoDB operation (Query, GetItem, TransactWriteItems ...). */
  operation: string;
  request: Record<string, unknown>;
  response: Record<string, unknown> | null;
  status: number;
  ms: number;
}

export interface DynamoObserver {
  endpoint: string;
  /** Ask every call for its consumed capacity (ReturnConsumedCapacity: INDEXES, so the units of each index are reported too). */
  recordCapacity: boolean;
  onCall(listener: (call: DynamoCall) => void): () => void;
  close(): Promise<void>;
}

const WITH_CAPACITY = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactGetItems', 'TransactWriteItems']);

export async function startDynamoObserver(target: string): Promise<DynamoObserver> {
  const listeners = new Set<(call: DynamoCall) => void>();
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const observer: DynamoObserver = {
    endpoint: '', recordCapacity: false,
    onCall: (l) => { listeners.add(l); return () => listeners.delete(l); },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const started = performance.now();
      const operation = String(req.headers['x-amz-target'] ?? '').split('.').pop() ?? '';
      let body = Buffer.concat(chunks);
      let request: Record<string, unknown> = {};
      try { request = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>; } catch { /* forwarded as is */ }
      if (observer.recordCapacity && WITH_CAPACITY.has(operation) && !request.ReturnConsumedCapacity) {
        request = { ...request, ReturnConsumedCapacity: 'INDEXES' };
        body = Buffer.from(JSON.stringify(request));
      }
      const headers = { ...req.headers, host: upstream.host, 'content-length': String(body.length) };
      const out = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers, agent }, (up) => {
        const parts: Buffer[] = [];
        up.on('data', (c: Buffer) => parts.push(c));
        up.on('end', () => {
          const payload = Buffer.concat(parts);
          res.writeHead(up.statusCode ?? 500, up.headers);
          res.end(payload);
          let response: Record<string, unknown> | null = null;
          try { response = JSON.parse(payload.toString('utf8')) as Record<string, unknown>; } catch { /* not JSON */ }
          const call = { operation, request, response, status: up.statusCode ?? 500, ms: performance.now() - started };
          for (const l of listeners) l(call);
        });
      });
      out.on('error', (err) => { res.writeHead(502); res.end(String(err)); });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  observer.endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  observer.close = () => new Promise<void>((resolve) => { agent.destroy(); server.closeAllConnections(); server.close(() => resolve()); });
  return observer;
}
