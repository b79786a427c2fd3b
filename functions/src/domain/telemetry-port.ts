/**
 * The domain's telemetry port (issue 13 item 7): counts and durations by name (shared/src/observability.ts)
 * and the keys that name what a log line is about (workspace, brand, comments). The functions bind
 * Powertools behind it (observability/index.ts); unbound (unit tests of the domain), nothing is recorded.
 */
import type { MetricName } from '@cg/shared/observability';

export interface LogKeys { workspace?: string; brand?: string; comment?: string; comments?: string[]; /** The ids of the requests a batch's messages came from. */ correlation_ids?: string[] }

export interface TelemetryPort {
  /** A count (unit Count) or a duration (names ending in Ms: unit Milliseconds), with optional dimensions. */
  metric(name: MetricName, value: number, dimensions?: Record<string, string>): void;
  /** Adds keys to every later log line of the current request or message. */
  logKeys(keys: LogKeys): void;
}

let bound: TelemetryPort = { metric() {}, logKeys() {} };

export function bindTelemetry(port: TelemetryPort): void { bound = port; }

export const telemetry: TelemetryPort = {
  metric: (name, value, dimensions) => bound.metric(name, value, dimensions),
  logKeys: (keys) => bound.logKeys(keys),
};
