/** Public entry of the Meta sandbox. */
export { startMetaSandbox, GRAPH_VERSION, type MetaSandboxOptions, type MetaSandboxHandle } from './server.js';
export { MetaSandbox, type FaultInput, type NewCommentInput } from './sandbox.js';
export { sign as signWebhookBody } from './webhook-sender.js';
