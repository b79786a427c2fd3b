/**
 * The DynamoDB adapter as the analyser binds it: only the store areas its code paths use (analysis,
 * memory, autopilot and rules hand-over, automatic actions, outgoing webhooks), so the rest of the
 * adapter stays out of its Lambda bundle (budget 300 KB). Any other area throws naming itself; the
 * test infra/test/analyser-store.test.ts fails when the analyser's code refers to an area not bound here.
 */
import type { StorePort } from '../domain/store-port.js';
import * as accounts from './accounts.js';
import * as apiKeys from './api-keys.js';
import * as brands from './brands.js';
import * as claims from './claims.js';
import * as comments from './comments.js';
import * as memory from './memory.js';
import * as outgoingWebhooks from './outgoing-webhooks.js';
import * as rules from './rules.js';
import * as usage from './usage.js';
import * as workspaces from './workspaces.js';

/** An area the analyser does not bind: any call throws, naming the area and this file. */
function unbound<K extends keyof StorePort>(area: K): StorePort[K] {
  return new Proxy({} as StorePort[K], {
    get: (_, fn) => () => { throw new Error(`The analyser binds no '${area}' store (${String(fn)} called): add the area to functions/src/store/analyser-store.ts`); },
  });
}

const bound = { memory, rules, automationLog: rules, comments, accounts, brands, workspaces, usage, claims, apiKeys, outgoingWebhooks } satisfies Partial<StorePort>;

/** The areas bound to the adapter. */
export const BOUND_AREAS: readonly string[] = Object.keys(bound);

export const analyserStore: StorePort = {
  ...bound,
  schedules: unbound('schedules'),
  users: unbound('users'), sessions: unbound('sessions'), billing: unbound('billing'), meta: unbound('meta'), automation: unbound('automation'),
  tenant: unbound('tenant'), audit: unbound('audit'), rateLimit: unbound('rateLimit'), dataDeletion: unbound('dataDeletion'),
  commentPages: unbound('commentPages'), jobs: unbound('jobs'), incidents: unbound('incidents'),
};
