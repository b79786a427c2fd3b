/**
 * Observes every DynamoDB call of the local stack (the functions run in their own processes, so on
 * the wire: the stack's observing proxy, infra/local/dynamo-observer.ts): when each comment's insert
 * transaction succeeded, and the capacity consumed by every call while capacity recording is on.
 */
import type { DynamoCall, DynamoObserver } from '../../infra/local/dynamo-observer.js';

type Listener = (commentId: string, at: number) => void;

interface Consumed { command: string; units: number }

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
      const cc = call.response?.ConsumedCapacity as { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
      const all = Array.isArray(cc) ? cc : cc ? [cc] : [];
      probe.capacity.push({ command: name, units: all.reduce((sum, c) => sum + Number(c?.CapacityUnits ?? 0), 0) });
    }
    if (probe.onCommentWritten && call.operation === 'TransactWriteItems') {
      for (const t of (call.request.TransactItems ?? []) as { Put?: { Item?: Record<string, any> } }[]) {
        const item = t?.Put?.Item;
        if (item?.type?.S === 'comment' && item.version?.N === '1' && item.comment?.M?.id?.S) probe.onCommentWritten(item.comment.M.id.S as string, at);
      }
    }
  });
}
