/** The audit log (issue #9): every change recorded with actor, time, target and what changed. */
import type { AuditEntry, RouteName } from '@cg/shared';
import { Invalid } from './errors.js';
import { stores } from './store-port.js';

const { decodeCursor, listAudit, recordAudit } = stores.audit;
const { getProfile } = stores.users;

export interface Actor { userId: string; email: string }

export async function audit(workspaceId: string, actor: Actor, action: string, target: string, changes: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(workspaceId, { actorId: actor.userId, actorEmail: actor.email, action, target, changes });
}

export async function auditPage(workspaceId: string, query: { cursor?: string; limit?: number }): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let after: string | undefined;
  if (query.cursor) {
    const sk = decodeCursor(query.cursor);
    if (!sk) throw new Invalid('cursor is not valid: use the nextCursor of a previous page', [{ field: 'cursor', message: 'Invalid cursor' }]);
    after = sk;
  }
  return listAudit(workspaceId, query.limit ?? 50, after);
}

const SECRET_KEYS = /password|token|code/i;

/** What a change carried: its body (secrets left out) and the new status it produced, if any. */
function changesOf(body: unknown, result: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (body && typeof body === 'object') for (const [k, v] of Object.entries(body)) if (!SECRET_KEYS.test(k)) out[k] = v;
  const status = result && typeof result === 'object' && 'status' in result ? (result as { status: unknown }).status : undefined;
  if (typeof status === 'string') out.status = status;
  return out;
}

/** The generic audit entry for a route that changed something (moderation, settings, plan, connections). */
export async function auditChange(change: { workspaceId: string; userId: string; route: RouteName; target: string; body: unknown; result: unknown }): Promise<void> {
  const profile = await getProfile(change.userId);
  await audit(change.workspaceId, { userId: change.userId, email: profile?.email ?? '' }, change.route, change.target, changesOf(change.body, change.result));
}
