/**
 * Calls made in the same turn of the event loop become one call per key. The records of one SQS
 * batch are handled in parallel (one webhook each); gathered, their comments are inserted in one
 * transaction and their quota reserved in one update instead of one of each per comment. Each caller
 * gets the answer for its own item; a failure fails every caller of that call (their records are
 * delivered again). allDone runs independent steps together.
 */
interface Group<T, R> { items: T[]; waiters: { resolve: (r: R) => void; reject: (err: unknown) => void }[] }

/** `run` answers one result per item, or nothing when its callers only wait for it to be done. */
export function gatherer<T, R = void>(run: (key: string, items: T[]) => Promise<R[] | void>): (key: string, item: T) => Promise<R> {
  const open = new Map<string, Group<T, R>>();
  return (key, item) => new Promise<R>((resolve, reject) => {
    let group = open.get(key);
    if (!group) {
      const g: Group<T, R> = (group = { items: [], waiters: [] });
      open.set(key, g);
      setImmediate(() => {
        open.delete(key);
        run(key, g.items).then(
          (results) => g.waiters.forEach((w, i) => w.resolve((results ? results[i] : undefined) as R)),
          (err: unknown) => g.waiters.forEach((w) => w.reject(err)),
        );
      });
    }
    group.items.push(item);
    group.waiters.push({ resolve, reject });
  });
}

/** Waits for every step (none left running when the function returns), then throws the first failure. */
export async function allDone(steps: (Promise<unknown> | null)[]): Promise<void> {
  const failed = (await Promise.allSettled(steps)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
