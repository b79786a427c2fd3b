/** Bridges the platform actions port to the Graph API client (reply, hide, delete per platform). */
import type { Comment } from '@cg/shared';
import * as z from 'zod';
import { PlatformActionError } from '../domain/ports.js';
import { metaConfigFromEnv } from './meta/config.js';
import { MetaApiError } from './meta/errors.js';
import { GraphClient } from './meta/http.js';

let client: GraphClient | undefined;
export function graphClient(): GraphClient {
  client ??= GraphClient.fromConfig(metaConfigFromEnv());
  return client;
}

const Any = z.unknown();

export async function platformAction(action: 'reply' | 'hide' | 'delete', comment: Comment, token: string, text?: string): Promise<void> {
  const id = comment.externalId ?? comment.id.replace(/^(facebook|instagram)_/, '');
  const g = graphClient();
  try {
    if (action === 'reply') {
      if (comment.platform === 'instagram') await g.post(`/${id}/replies`, token, { message: text }, Any);
      else await g.post(`/${id}/comments`, token, { message: text }, Any);
    } else if (action === 'hide') {
      await g.post(`/${id}`, token, comment.platform === 'instagram' ? { hide: true } : { is_hidden: true }, Any);
    } else {
      await g.delete(`/${id}`, token, {}, Any);
    }
  } catch (err) {
    if (err instanceof MetaApiError) throw new PlatformActionError(err.message);
    throw err;
  }
}
