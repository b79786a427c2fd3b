/**
 * Binds the adapters behind the domain's bound ports, once per process (imported first by every
 * handler that runs the domain): DynamoDB for the store, the Graph API and the token vault for Meta, SQS for outgoing webhooks.
 */
import './bind-store.js';
import './bind-webhooks.js';
import './bind-alerts.js';
import { bindMeta } from '../domain/meta-port.js';
import { graphMeta, tokenVault } from '../platform/meta-port.js';

bindMeta(graphMeta, tokenVault);
