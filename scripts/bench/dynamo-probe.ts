/**
 * Observes the app's own DynamoDB document client (the handlers run in this process): when each
 * comment's insert transaction succeeded, and the capacity consumed by every call (Queries are
 * asked to ReturnConsumedCapacity while capacity recording is on). Behaviour is otherwise unchanged.
 */
import { db } from '../../functions/src/store/client.js';

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

function isConflict(err: any): boolean {
  return err?.name === 'TransactionConflictException'
    || (err?.name === 'TransactionCanceledException' && (err.CancellationReasons ?? []).some((r: any) => r?.Code === 'TransactionConflict'));
}

let installed = false;

export function installProbe(): void {
  if (installed) return;
  installed = true;
  db().middlewareStack.add((next, context) => async (args: any) => {
    const recording = probe.capacity !== null;
    if (recording && args.input && typeof args.input === 'object') args.input.ReturnConsumedCapacity = 'TOTAL';
    const name = String(context.commandName ?? '');
    if (name.startsWith('TransactWrite')) probe.transactions++;
    let result: any;
    const t0 = performance.now();
    try {
      result = await next(args);
    } catch (err) {
      if (isConflict(err)) probe.conflicts++;
      throw err;
    }
    const at = performance.now();
    const list = probe.timings.get(name) ?? [];
    list.push(at - t0);
    probe.timings.set(name, list);
    if (recording && probe.capacity) {
      const cc = result?.output?.ConsumedCapacity;
      const list = Array.isArray(cc) ? cc : cc ? [cc] : [];
      probe.capacity.push({ command: name, units: list.reduce((s: number, c: any) => s + Number(c?.CapacityUnits ?? 0), 0) });
    }
    if (probe.onCommentWritten && name.startsWith('TransactWrite')) {
      for (const t of (args.input?.TransactItems ?? []) as any[]) {
        const item = t?.Put?.Item;
        if (item?.type === 'comment' && item.version === 1 && item.comment?.id) probe.onCommentWritten(item.comment.id as string, at);
      }
    }
    return result;
  }, { step: 'initialize', name: 'benchProbe' });
}
