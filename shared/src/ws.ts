/** WebSocket messages the server pushes on /ws (spec section 4). Bodies beyond `type` are informative. */
import * as z from 'zod';
import { Job } from './jobs.js';

export const WS_MESSAGE_TYPES = ['comment_status_update', 'comment_processed', 'comment_action_executed', 'comment_overridden', 'new_comments', 'notice', 'job_progress', 'incident_update', 'alert'] as const;
export const WsMessageType = z.enum(WS_MESSAGE_TYPES);
export type WsMessageType = z.infer<typeof WsMessageType>;

export const WsMessage = z.object({
  type: WsMessageType,
  commentId: z.string().optional(),
  commentIds: z.array(z.string()).optional(),
  status: z.string().optional(),
  count: z.number().optional(),
  message: z.string().optional(),
  /** job_progress: the job as GET /api/jobs/{id} answers it (without file links). */
  job: Job.optional(),
  /** incident_update: the troll-attack incident that opened or closed (status says which). */
  incidentId: z.string().optional(),
  /**
   * The change moves the Analytics dashboard's figures and the workspace's plan has real-time analytics
   * (PLAN_FEATURES.realtimeAnalytics): set by the server only then; the app refetches the dashboard on it.
   */
  analytics: z.literal(true).optional(),
});
export type WsMessage = z.infer<typeof WsMessage>;

export const WS_PATH = '/ws';
