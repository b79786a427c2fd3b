/**
 * Observes every DynamoDB call of the local stack (the functions run in their own processes, so on
 * the wire: the stack's observing proxy, infra/local/dynamo-observer.ts): when each comment's insert
 * transaction succeeded, and the capacity consumed by every call while capacity recording is on.
 */
import type { DynamoCall, DynamoObserver } from '../../infra/local/dynamo-observer.js';

type Listener = (commentId: string, at: number) => void;

interface Consumed { command: string; units: number; /** The call's duration through the observing proxy. */ ms: number; /** What the call touched: its operation and the kinds of items (sk up to its first '#', or the index read). */ label: string; /** Units spent on each global secondary index (ReturnConsumedCapacity INDEXES). */ indexes: Record<string, number> }

/** The kind of an item from its sort key (COMMENT, CELLS, WORD, HIST ...). */
const kindOf = (sk: unknown) => String((sk as { S?: string } | undefined)?.S ?? '?').split('#')[0]!;

/** Labels a call by the kinds of items it writes or reads, e.g. `TransactWriteItems COMMENT+COUNTERS+CELLS`. */
function labelOf(call: DynamoCall): string {
  const r = call.request as Record<string, any>;
  const kinds: string[] = [];
  const add = (key: Record<string, any> | undefined) => { if (key) kinds.push(kindOf(key.sk)); };
  for (const t of (r.TransactItems ?? []) as Record<string, any>[]) for (const v of Object.values(t)) add(v?.Item ?? v?.Key);
  for (const reqs of Object.values(r.RequestItems ?? {}) as any[]) {
    if (Array.isArray(reqs)) for (const w of reqs) add(w?.PutRequest?.Item ?? w?.DeleteRequest?.Key);
    else for (const k of reqs?.Keys ?? []) add(k);
  }
  add(r.Item ?? r.Key);
  if (call.operation === 'Query') {
    const values = r.ExpressionAttributeValues ?? {};
    const prefix = Object.values(values).map((v: any) => v?.S).find((v) => typeof v === 'string' && !String(v).startsWith('WS#'));
    kinds.push(r.IndexName ?? `table ${String(prefix ?? '').split('#')[0]}`);
  }
  const counted = new Map<string, number>();
  for (const k of kinds) counted.set(k, (counted.get(k) ?? 0) + 1);
  return `${call.operation} ${[...counted].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join('+')}`;
}

export interface DynamoProbe {
  /** Called once per comment id whose insert (Put with type=comment) committed. */
  onCommentWritten: Listener | null;
  /** When non-null, every command's consumed capacity is appended here. */
  capacity: Consumed[] | null;
  /** Transactions cancelled because another transaction held one of their items (retried by the store). */
  conflicts: number;
  transactions: number;
  /** Milliseconds per call, by command name (for profiling a step). */
  timings: Map<string, number[]>;
}

export const probe: DynamoProbe = { onCommentWritten: null, capacity: null, conflicts: 0, transactions: 0, timings: new Map() };

function isConflict(call: DynamoCall): boolean {
  const r = call.response as { __type?: string; CancellationReasons?: { Code?: string }[] } | null;
  return call.status !== 200 && (String(r?.__type ?? '').endsWith('TransactionConflictException')
    || (String(r?.__type ?? '').endsWith('TransactionCanceledException') && (r?.CancellationReasons ?? []).some((x) => x?.Code === 'TransactionConflict')));
}

let installed = false;

export function installProbe(observer: DynamoObserver): void {
  if (installed) return;
  installed = true;
  observer.recordCapacity = true;
  observer.onCall((call) => {
    const name = `${call.operation}Command`;
    if (call.operation === 'TransactWriteItems') probe.transactions++;
    if (isConflict(call)) probe.conflicts++;
    const at = performance.now();
    const list = probe.timings.get(name) ?? [];
    list.push(call.ms);
    probe.timings.set(name, list);
    if (call.status !== 200) return;
    if (probe.capacity) {
      type Cc = { CapacityUnits?: number; GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }> };
      const cc = call.response?.ConsumedCapacity as Cc | Cc[] | undefined;
      const all = Array.isArray(cc) ? cc : cc ? [cc] : [];
      const indexes: Record<string, number> = {};
      for (const c of all) for (const [ix, v] of Object.entries(c?.GlobalSecondaryIndexes ?? {})) indexes[ix] = (indexes[ix] ?? 0) + Number(v?.CapacityUnits ?? 0);
      probe.capacity.push({ command: name, ms: call.ms, units: all.reduce((sum, c) => sum + Number(c?.CapacityUnits ?? 0), 0), label: labelOf(call), indexes });
    }
    if (probe.onCommentWritten && call.operation === 'TransactWriteItems') {
      for (const t of (call.request.TransactItems ?? []) as { Put?: { Item?: Record<string, any> } }[]) {
        const item = t?.Put?.Item;
        if (item?.type?.S === 'comment' && item.version?.N === '1' && item.comment?.M?.id?.S) probe.onCommentWritten(item.comment.M.id.S as string, at);
      }
    }
  });
}

/** Prints the calls recorded in `consumed` per `unit` (comment ...), by operation and item kinds, most units (or calls) first. */
export function logByCall(consumed: Consumed[], n: number, unit: string, log: (line: string) => void, by: 'units' | 'calls' = 'units'): void {
  const byLabel = new Map<string, { calls: number; units: number; ms: number; indexes: Record<string, number> }>();
  for (const c of consumed) {
    const b = byLabel.get(c.label) ?? { calls: 0, units: 0, ms: 0, indexes: {} };
    b.calls++; b.units += c.units; b.ms += c.ms;
    for (const [ix, u] of Object.entries(c.indexes)) b.indexes[ix] = (b.indexes[ix] ?? 0) + u;
    byLabel.set(c.label, b);
  }
  log(`  DynamoDB per ${unit} by call (operation and item kinds; units of which on indexes; mean ms per call):`);
  for (const [label, b] of [...byLabel].sort((x, y) => (by === 'calls' ? y[1].calls - x[1].calls : y[1].units - x[1].units)).slice(0, 25)) {
    const ix = Object.entries(b.indexes).filter(([, u]) => u).map(([k, u]) => `${k} ${(u / n).toFixed(2)}`).join(', ');
    log(`    ${(b.units / n).toFixed(2).padStart(6)} units ${(b.calls / n).toFixed(2).padStart(5)} calls ${(b.ms / b.calls).toFixed(0).padStart(5)} ms  ${label}${ix ? ` (${ix})` : ''}`);
  }
}
