/** The audit log (issue #9): every change recorded with actor, time, target and what changed. */
import type { AuditEntry } from '@cg/shared';
import { BadRequest } from '../http/errors.js';
import { decodeCursor, listAudit, recordAudit } from '../store/audit.js';

export interface Actor { userId: string; email: string }

export async function audit(workspaceId: string, actor: Actor, action: string, target: string, changes: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(workspaceId, { actorId: actor.userId, actorEmail: actor.email, action, target, changes });
}

export async function auditPage(workspaceId: string, query: { cursor?: string; limit?: number }): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  let after: string | undefined;
  if (query.cursor) {
    const sk = decodeCursor(query.cursor);
    if (!sk) throw new BadRequest('cursor is not valid: use the nextCursor of a previous page', [{ field: 'cursor', message: 'Invalid cursor' }]);
    after = sk;
  }
  return listAudit(workspaceId, query.limit ?? 50, after);
}
