/**
 * Starts every function of the synthesized template as a LocalFunction (its package, its own
 * process, its template environment resolved locally) and hands out invokers by handler name.
 */
import { join } from 'node:path';
import { functionEnvironment, type LocalResources } from './environment.js';
import { LocalFunction } from './runtime.js';
import type { FunctionSpec } from './template.js';

export type Invoke = (event: unknown) => Promise<unknown>;

export interface LocalFunctions {
  invoker(name: string): Invoke;
  /** Every invocation's duration (ms) and the function's memory (MB), by function name: what Lambda bills (benchmarks' cost figure). */
  invocations: Map<string, { memoryMb: number; ms: number[] }>;
  close(): Promise<void>;
}

export function startFunctions(opts: {
  specs: FunctionSpec[];
  buildDir: string;
  region: string;
  resources: LocalResources;
  endpoints: Record<string, string>;
  overrides: Record<string, string>;
  log: (line: string) => void;
}): LocalFunctions {
  const fns = new Map(opts.specs.map((spec) => {
    const taskRoot = join(opts.buildDir, 'task', spec.name);
    const env = functionEnvironment(spec, taskRoot, { region: opts.region, resources: opts.resources, endpoints: opts.endpoints, overrides: opts.overrides });
    return [spec.name, new LocalFunction(spec, taskRoot, env, opts.log)] as const;
  }));
  // Cold starts now, in parallel, rather than on each function's first request.
  for (const f of fns.values()) f.start();
  const invocations = new Map(opts.specs.map((spec) => [spec.name, { memoryMb: spec.memoryMb, ms: [] as number[] }]));
  return {
    invocations,
    invoker(name) {
      const f = fns.get(name);
      if (!f) throw new Error(`the template has no ${name} function`);
      const durations = invocations.get(name)!.ms;
      return async (event) => {
        const t0 = performance.now();
        try { return await f.invoke(event); } finally { durations.push(performance.now() - t0); }
      };
    },
    close: async () => { await Promise.all([...fns.values()].map((f) => f.close())); },
  };
}
