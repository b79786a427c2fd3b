/**
 * One deployed function, run locally: its package (bundles.ts) in its own Node 22 process
 * (bootstrap.mjs) with only the environment the template gives it plus what the Lambda runtime
 * itself sets. `invoke` behaves like a synchronous Lambda invoke: the result, or a LambdaError for a
 * handler error, a failed init or a timeout. A process that dies is started again for the next call.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { FunctionSpec } from './template.js';

export class LambdaError extends Error {
  constructor(readonly errorType: string, message: string) {
    super(message);
    this.name = errorType;
  }
}

interface Pending { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }

const BOOTSTRAP = fileURLToPath(new URL('./bootstrap.mjs', import.meta.url));
/** Node 22, as nodejs22.x: the repository's pinned node (README), whatever node runs the stack itself. */
const NODE_22 = [join(fileURLToPath(new URL('../../..', import.meta.url)), 'node_modules/node/bin/node'), process.execPath].find((p) => existsSync(p))!;

/** What the Lambda runtime adds to every function's environment (the role's credentials are local ones). */
export function runtimeEnvironment(spec: FunctionSpec, taskRoot: string, region: string): Record<string, string> {
  return {
    AWS_LAMBDA_FUNCTION_NAME: `pagewarden-local-${spec.name}`, AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(spec.memoryMb), AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/pagewarden-local-${spec.name}`,
    AWS_LAMBDA_LOG_STREAM_NAME: 'local', AWS_EXECUTION_ENV: `AWS_Lambda_${spec.runtime}`,
    AWS_REGION: region, AWS_DEFAULT_REGION: region, AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local', AWS_SESSION_TOKEN: 'local',
    LAMBDA_TASK_ROOT: taskRoot, LAMBDA_RUNTIME_DIR: taskRoot, _HANDLER: spec.handler, TZ: ':UTC', LANG: 'en_US.UTF-8',
    PATH: '/usr/local/bin:/usr/bin:/bin', NODE_PATH: '',
  };
}

export class LocalFunction {
  private proc: ChildProcess | null = null;
  private readonly pending = new Map<string, Pending>();
  /** The invocations sent to each process, so a process that ends fails only its own. */
  private readonly sentTo = new WeakMap<ChildProcess, Set<string>>();
  private closed = false;

  constructor(readonly spec: FunctionSpec, private readonly taskRoot: string, private readonly env: Record<string, string>, private readonly log: (line: string) => void = () => undefined) {}

  /** Starts the process now (a cold start ahead of the first call). */
  start(): void { this.process(); }

  private process(): ChildProcess {
    if (this.proc) return this.proc;
    // No execArgv of ours (tsx's loader stays out): Node reads the template's NODE_OPTIONS itself.
    const proc = fork(BOOTSTRAP, [], {
      cwd: this.taskRoot, env: this.env, execPath: NODE_22, execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'json',
    });
    const prefix = `[${this.spec.name}] `;
    for (const stream of [proc.stdout!, proc.stderr!]) createInterface({ input: stream }).on('line', (l) => this.log(prefix + l));
    proc.on('message', (m: { type: string; id?: string; result?: unknown; error?: { errorType: string; errorMessage: string } }) => {
      if (m.type === 'init-error') {
        this.log(`${prefix}init failed: ${m.error?.errorType}: ${m.error?.errorMessage}`);
        // This runtime answers what it was sent, then exits (or ends now with nothing to answer);
        // later invocations start a new one.
        if (this.proc === proc) this.proc = null;
        if (![...this.sentTo.get(proc)!].some((id) => this.pending.has(id))) proc.kill();
      }
      if (m.type !== 'result' || !m.id) return;
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.error) p.reject(new LambdaError(m.error.errorType, m.error.errorMessage));
      else p.resolve(m.result);
    });
    proc.on('exit', (code, signal) => {
      if (this.proc === proc) this.proc = null;
      for (const id of this.sentTo.get(proc) ?? []) {
        const p = this.pending.get(id);
        if (!p) continue;
        clearTimeout(p.timer);
        this.pending.delete(id);
        p.reject(new LambdaError('Runtime.ExitError', `RequestId: ${id} Error: Runtime exited (${signal ?? `code ${code}`})`));
      }
    });
    this.proc = proc;
    this.sentTo.set(proc, new Set());
    return proc;
  }

  /** Invokes the handler with `event`; rejects with a LambdaError as Lambda reports a failed invocation. */
  invoke(event: unknown): Promise<unknown> {
    if (this.closed) return Promise.reject(new LambdaError('ServiceException', `${this.spec.name} is stopped`));
    const id = randomUUID();
    const timeoutMs = this.spec.timeoutSeconds * 1000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new LambdaError('Sandbox.Timedout', `Task timed out after ${this.spec.timeoutSeconds.toFixed(2)} seconds`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      const proc = this.process();
      this.sentTo.get(proc)!.add(id);
      proc.send({ type: 'invoke', id, requestId: id, event, deadline: Date.now() + timeoutMs });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const proc = this.proc;
    if (!proc) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
      proc.once('exit', () => { clearTimeout(t); resolve(); });
      proc.kill('SIGTERM');
    });
  }
}
