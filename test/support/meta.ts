/** Helpers for tests that go through the Meta sandbox: the OAuth consent and its control API. */
import { sandboxControl } from '../../infra/local/client.js';

export { connectThroughSandbox, finishedJob, syncAll } from '../../infra/local/client.js';

export function control(path: string, body?: unknown): Promise<any> {
  return sandboxControl(process.env.META_GRAPH_URL!, path, body);
}
