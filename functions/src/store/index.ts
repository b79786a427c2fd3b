/** The DynamoDB adapter of the domain's store port (domain/store-port.ts): one module per area. */
import type { StorePort } from '../domain/store-port.js';
import * as accounts from './accounts.js';
import * as apiKeys from './api-keys.js';
import * as audit from './audit.js';
import * as automation from './automation.js';
import * as billing from './billing.js';
import * as brands from './brands.js';
import * as claims from './claims.js';
import * as commentPages from './comment-pages.js';
import * as comments from './comments.js';
import * as dataDeletion from './data-deletion.js';
import * as incidents from './incidents.js';
import * as jobs from './jobs.js';
import * as memory from './memory.js';
import * as meta from './meta.js';
import * as outgoingWebhooks from './outgoing-webhooks.js';
import * as rateLimit from './rate-limit.js';
import * as rules from './rules.js';
import * as schedules from './schedules.js';
import * as sessions from './sessions.js';
import * as tenant from './tenant.js';
import * as usage from './usage.js';
import * as users from './users.js';
import * as workspaces from './workspaces.js';

export const dynamoStore: StorePort = { memory, rules, automationLog: rules, comments, accounts, brands, workspaces, users, sessions, billing, usage, meta, automation, tenant, audit, rateLimit, dataDeletion, claims, commentPages, jobs, apiKeys, outgoingWebhooks, incidents, schedules };
