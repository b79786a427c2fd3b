/** Stored records of the public API (issue 11, item 9): API keys, webhook endpoints and deliveries. */
import type { ApiKeyScope, WebhookDelivery, WebhookEventBody, WebhookEventType } from '@cg/shared';

export interface ApiKeyRecord {
  id: string;
  workspaceId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The key's first characters (shown in the list). */
  prefix: string;
  /** SHA-256 (hex) of the whole key: the key itself is never stored. */
  hash: string;
  /** Who created it: the key acts in their name (history, audit). */
  createdBy: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What the hash lookup gives the authorizer: enough to let the request through. */
export type ApiKeyLookup = Pick<ApiKeyRecord, 'id' | 'workspaceId' | 'scopes' | 'createdBy'>;

export interface WebhookEndpointRecord {
  id: string;
  workspaceId: string;
  url: string;
  events: WebhookEventType[];
  description: string;
  /** The signing secret, sealed with the token vault (KMS in AWS). */
  sealedSecret: string;
  createdAt: string;
  status: 'enabled' | 'disabled';
  consecutiveFailures: number;
  disabledReason: string | null;
}

/** One delivery attempt of one event to one endpoint (the SQS message). */
export interface DeliveryJob { workspaceId: string; endpointId: string; deliveryId: string; attempt: number; event: WebhookEventBody }

export interface DeliveryRecord extends WebhookDelivery { endpointId: string }
