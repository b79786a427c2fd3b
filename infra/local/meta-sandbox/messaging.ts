/**
 * Private replies and blocking (reference A5): `POST /{page-id}/messages` and
 * `POST /{ig-user-id}/messages` with `recipient.comment_id` (one per comment, within 7 days of it),
 * and the page's `/{page-id}/blocked` edge (GET lists, POST blocks, DELETE unblocks).
 */
import { GraphError, badParam } from './errors.js';
import type { AnyComment, World } from './model.js';

export const PRIVATE_REPLY_WINDOW_MS = 7 * 86_400_000;

export interface PrivateReply { id: string; commentId: string; accountId: string; recipientId: string; text: string; at: number }

/** Messaging state kept beside the world (reset with it). */
export class Messaging {
  privateReplies = new Map<string, PrivateReply>();
  blocked = new Map<string, Set<string>>();
  private serial = 0;

  canReplyPrivately(c: AnyComment, fromAccount: boolean, now = Date.now()): boolean {
    return !fromAccount && !c.deleted && !this.privateReplies.has(c.id) && now - c.createdTime <= PRIVATE_REPLY_WINDOW_MS;
  }

  /** Sends the one private reply a comment allows; `accountId` is the page or Instagram account whose edge was called. */
  send(world: World, accountId: string, params: URLSearchParams): { recipient_id: string; message_id: string } {
    const recipient = parseJson(params.get('recipient'), 'recipient') as { comment_id?: unknown };
    const message = parseJson(params.get('message'), 'message') as { text?: unknown };
    const commentId = typeof recipient.comment_id === 'string' ? recipient.comment_id : '';
    if (!commentId) throw badParam('recipient.comment_id is required');
    const text = typeof message.text === 'string' ? message.text : '';
    if (!text.trim()) throw badParam('message.text must be non-empty');
    const c = world.comment(commentId);
    const owner = c?.platform === 'facebook' ? c.pageId : c?.platform === 'instagram' ? c.igUserId : undefined;
    if (!c || c.deleted || owner !== accountId) throw new GraphError(400, 100, `(#100) No matching comment ${commentId} for this account`, 'OAuthException', 33);
    if (this.privateReplies.has(c.id)) throw new GraphError(400, 10900, '(#10900) Activity already replied to');
    if (Date.now() - c.createdTime > PRIVATE_REPLY_WINDOW_MS) throw new GraphError(400, 10903, '(#10903) This activity can\'t be replied to: it is more than 7 days old');
    if (c.fromId === owner) throw badParam('Cannot send a private reply to the account\'s own comment');
    const reply: PrivateReply = { id: `m_${++this.serial}`, commentId: c.id, accountId, recipientId: c.fromId, text, at: Date.now() };
    this.privateReplies.set(c.id, reply);
    return { recipient_id: c.fromId, message_id: reply.id };
  }

  blockedEdge(method: string, pageId: string, params: URLSearchParams): unknown {
    let set = this.blocked.get(pageId);
    if (!set) this.blocked.set(pageId, (set = new Set()));
    if (method === 'GET') return { data: [...set].map((id) => ({ id })) };
    const user = params.get('user') ?? params.get('uid') ?? params.get('asid') ?? params.get('psid');
    if (!user) throw badParam('The parameter user is required');
    if (method === 'POST') { set.add(user); return { [user]: true }; }
    if (method === 'DELETE') { set.delete(user); return { success: true }; }
    throw badParam(`Unsupported method ${method} on blocked`);
  }
}

function parseJson(raw: string | null, name: string): Record<string, unknown> {
  if (!raw) throw badParam(`The parameter ${name} is required`);
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object') return v as Record<string, unknown>;
  } catch { /* below */ }
  throw badParam(`The parameter ${name} must be a JSON object`);
}
