/**
 * The analysis queue's messages: one message carries up to COMMENTS_PER_TRANSACTION (90) comments of one
 * workspace (the template's setting: 90 with the embedded analyser, so Process All of 5,000 comments is
 * 56 messages and an analyser invocation of 10 messages decides up to 900 comments with a handful of
 * transactions; 1 with OpenAI, whose requests gather 25 from the batching window). A webhook's single
 * comment is a message of its own (no waiting for others). Messages of the earlier shape
 * `{workspaceId, commentId}` are still read.
 */
import { COMMENTS_PER_TRANSACTION } from '@cg/shared';
import type { AnalysisJob } from '../domain/ports.js';

export interface AnalysisMessage { workspaceId: string; commentIds: string[] }

/** Packs jobs into messages: jobs of one workspace share a message, up to `perMessage` (the template's ANALYSIS_IDS_PER_MESSAGE). */
export function packAnalysisJobs(jobs: AnalysisJob[], perMessage: number): AnalysisMessage[] {
  const limit = Math.max(1, Math.min(COMMENTS_PER_TRANSACTION, Math.floor(perMessage) || 1));
  const out: AnalysisMessage[] = [];
  const open = new Map<string, AnalysisMessage>();
  for (const job of jobs) {
    let m = open.get(job.workspaceId);
    if (!m || m.commentIds.length >= limit) {
      m = { workspaceId: job.workspaceId, commentIds: [] };
      open.set(job.workspaceId, m);
      out.push(m);
    }
    m.commentIds.push(job.commentId);
  }
  return out;
}

/** The jobs of a message body; [] for a body that is not an analysis message (dropped: retrying cannot help). */
export function unpackAnalysisMessage(body: string): AnalysisJob[] {
  let m: { workspaceId?: unknown; commentId?: unknown; commentIds?: unknown };
  try { m = JSON.parse(body) as typeof m; } catch { return []; }
  if (!m || typeof m.workspaceId !== 'string' || !m.workspaceId) return [];
  const workspaceId = m.workspaceId;
  const ids = Array.isArray(m.commentIds) ? m.commentIds : [m.commentId];
  return ids.filter((id): id is string => typeof id === 'string' && id.length > 0).map((commentId) => ({ workspaceId, commentId }));
}
