/** Retry timing: Meta's estimated_time_to_regain_access plus jitter, else exponential 1 s, 2 s, 4 s … capped at 15 min. */
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 15 * 60_000;

/** attempt 0 → [1 s, 1.5 s), 1 → [2 s, 3 s), … capped at 15 min. */
export function exponentialBackoffMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.min(BACKOFF_CAP_MS, Math.round(base * (1 + 0.5 * random())));
}

/** Wait time after a throttle: the regain estimate (+ up to 10 % jitter, at most 30 s) when Meta gives one. */
export function throttleRetryAfterMs(regainMs: number, attempt: number, random: () => number = Math.random): number {
  if (regainMs > 0) return regainMs + Math.round(Math.min(30_000, regainMs * 0.1) * random());
  return exponentialBackoffMs(attempt, random);
}
