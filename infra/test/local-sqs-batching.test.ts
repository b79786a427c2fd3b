/**
 * The local SQS stand-in honours the event source's batch size and batching window as Lambda's
 * poller does: a trickle of 2 messages/s forms full batches of 25 within a 15 s window (the OpenAI
 * analyser's settings), the rest goes when the window ends; without a window every message goes at
 * once. Virtual time (fake timers): the trickle takes no real time and nothing depends on the machine.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SQSEvent } from 'aws-lambda';
import { LocalQueue, type QueueOptions } from '../local/sqs.js';

beforeEach(() => { vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }); vi.setSystemTime(0); });
afterEach(() => { vi.useRealTimers(); });

/** Sends `count` messages, one every 500 ms, then lets `tailMs` pass; returns each batch (size, ms of delivery, ms its first message was sent). */
async function trickle(opts: Partial<QueueOptions>, count: number, tailMs: number) {
  const batches: { size: number; at: number; firstSentAt: number }[] = [];
  const queue = new LocalQueue('analysis', async (e: SQSEvent) => {
    batches.push({ size: e.Records.length, at: Date.now(), firstSentAt: Number(e.Records[0]!.attributes.SentTimestamp) });
    return { batchItemFailures: [] };
  }, { batchSize: 10, visibilityTimeoutMs: 30_000, maxReceiveCount: 5, concurrency: 10, ...opts });
  for (let i = 0; i < count; i++) {
    queue.send(JSON.stringify({ n: i }));
    await vi.advanceTimersByTimeAsync(500);
  }
  await vi.advanceTimersByTimeAsync(tailMs);
  await queue.idle();
  return batches;
}

describe('local SQS batching window', () => {
  it('gathers a trickle of 2 messages/s into batches of 25 (15 s window), the remainder when the window ends', async () => {
    const batches = await trickle({ batchSize: 25, maxBatchingWindowMs: 15_000 }, 60, 20_000);
    expect(batches.map((b) => b.size)).toEqual([25, 25, 10]);
    // Full batches go as soon as the 25th message arrives (12 s after the first), not at the window's end.
    expect(batches[0]!.at - batches[0]!.firstSentAt).toBe(12_000);
    // The last 10 waited the whole window for companions.
    expect(batches[2]!.at - batches[2]!.firstSentAt).toBe(15_000);
  });

  it('without a window delivers each message of a trickle on its own, at once', async () => {
    const batches = await trickle({ batchSize: 10 }, 6, 0);
    expect(batches.map((b) => b.size)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(batches.every((b) => b.at === b.firstSentAt)).toBe(true);
  });

  it('a burst larger than the batch size goes at once in full batches, window or not', async () => {
    const batches: number[] = [];
    const queue = new LocalQueue('analysis', async (e: SQSEvent) => { batches.push(e.Records.length); }, { batchSize: 25, visibilityTimeoutMs: 30_000, maxReceiveCount: 5, concurrency: 10, maxBatchingWindowMs: 15_000 });
    for (let i = 0; i < 60; i++) queue.send(String(i));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches).toEqual([25, 25]);
    await vi.advanceTimersByTimeAsync(15_000);
    await queue.idle();
    expect(batches).toEqual([25, 25, 10]);
  });
});
