/** Child processes of the local stack: started with captured output, all stopped together. */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Child { name: string; proc: ChildProcess; output: () => string; exited: () => string | null; stop: () => Promise<void> }

export function startChild(name: string, command: string, args: string[], opts: SpawnOptions = {}): Child {
  const proc = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  let out = '';
  let exit: string | null = null;
  const keep = (d: Buffer) => { out = (out + d.toString()).slice(-20_000); };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  proc.on('error', (err) => { exit = err.message; });
  proc.on('exit', (code, signal) => { exit ??= `exit code ${code ?? signal}\n${out.slice(-2000)}`; });
  return {
    name, proc, output: () => out, exited: () => exit,
    stop: () => new Promise<void>((resolve) => {
      if (exit !== null || proc.exitCode !== null) return resolve();
      const t = setTimeout(() => proc.kill('SIGKILL'), 5000);
      proc.once('exit', () => { clearTimeout(t); resolve(); });
      proc.kill('SIGTERM');
    }),
  };
}

/** True when `command --version`-style probing finds the program. */
export function hasCommand(command: string, args = ['-version']): boolean {
  const r = spawnSync(command, args, { stdio: 'ignore' });
  return !r.error;
}
