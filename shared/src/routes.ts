/**
 * The route table: every REST call of spec section 7 (plus the design's additions), declared once.
 * The handlers validate with these schemas, the local gateway and the CDK REST API are built from
 * this table, and the SPA's API client is typed from it.
 */
import * as z from 'zod';
import { AlertSettings, AlertSettingsInput, AlertsList, AlertsQuery, MarkAlertsReadBody, MarkAlertsReadResult } from './alerts.js';
import { Activity, Analytics, AuditPage, BulkResult, Comment, CommentContext, CommentHistoryEntry, CommentsList, CreatedInvitation, PendingInvitation, SocialAccount, Stats, User, Workspace, WorkspaceSummary } from './entities.js';
import { InvitableRole, type Access } from './roles.js';
import { AutopilotSettings, AutopilotSettingsInput } from './autopilot.js';
import { BrandSchedule, BrandScheduleInput } from './brand-schedule.js';
import { Incident, IncidentDetail, IncidentsList, IncidentsQuery, RestoreResult } from './incidents.js';
import { Job, JobAccepted } from './jobs.js';
import { ApiKey, CreateApiKeyBody, CreatedApiKey, CreatedWebhookEndpoint, CreateWebhookBody, WebhookDelivery, WebhookEndpoint } from './public-api.js';
import { AutomationPage, AutomationQuery, BacktestBody, BacktestResult, Rule, RuleInput, SavedReply, SavedReplyInput, UndoBody, UndoResult } from './rules.js';
import { LogoBody, Report, ReportExportQuery, ReportQuery } from './reports.js';
import { CommentStatus, Decision, OverrideAction, Platform, PlanId, Sentiment } from './status.js';
import { BrandSummary, BrandVoice, KnowledgeEntry, KnowledgeEntryInput, KnowledgeImportBody, KnowledgeImportResult } from './voice.js';

export const RegisterBody = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
  firstName: z.string().trim().max(100).optional().default(''),
  lastName: z.string().trim().max(100).optional().default(''),
});
export const LoginBody = z.object({ email: z.email().max(254), password: z.string().min(1).max(256) });
export const UpdateUserBody = z.object({
  firstName: z.string().trim().max(100),
  lastName: z.string().trim().max(100),
  email: z.email().max(254),
});
export const UpdateSubscriptionBody = z.object({ plan: PlanId });
export const CreateSubscriptionBody = z.object({ priceId: z.string().min(1).max(100) });
export const OverrideBody = z.object({ action: OverrideAction });
export const UpdateReplyBody = z.object({ suggestedReply: z.string().trim().min(1, 'must not be empty').max(8000) });

const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');
export const CommentsQuery = z.object({
  pendingOnly: boolQuery.optional(),
  platform: Platform.optional(),
  status: CommentStatus.optional(),
  sentiment: Sentiment.optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  /** Keyset paging: the `nextCursor` of the previous page (instead of offset). */
  cursor: z.string().min(1).max(500).optional(),
  /** The brand: its Facebook page id (context's brand.id) or the id of any of its accounts (GET /api/social-accounts). */
  brand: z.string().min(1).max(200).optional(),
  decision: Decision.optional(),
  language: z.string().trim().min(2).max(10).optional(),
  category: z.enum(['threat', 'scam', 'spam', 'abuse', 'complaint', 'question', 'praise', 'other']).optional(),
  /** Only decisions at least this confident (0-100). */
  minConfidence: z.coerce.number().min(0).max(100).optional(),
  /** newest (default) or priority: urgent and high first (threats, complaints, questions), then the longest waiting. */
  sort: z.enum(['newest', 'priority']).optional(),
});
export type CommentsQuery = z.infer<typeof CommentsQuery>;
/** The deepest `offset` GET /api/comments answers; deeper pages continue with `cursor` (issue 13). */
export const MAX_COMMENTS_OFFSET = 1_000;

const Message = z.string().trim().min(1, 'must not be empty').max(8000);
export const ReplyBody = z.object({ message: Message });
export const PrivateReplyBody = z.object({ message: z.string().trim().min(1, 'must not be empty').max(2000) });
export const BULK_ACTIONS = ['approve', 'hide', 'delete', 'dismiss'] as const;
/** The queue filters a bulk action may select by (instead of ids): every matching queue comment, up to 1000. */
export const BulkFilter = CommentsQuery.pick({ platform: true, status: true, sentiment: true, search: true, brand: true, decision: true, language: true, category: true, minConfidence: true });
export const BulkBody = z.object({
  action: z.enum(BULK_ACTIONS),
  ids: z.array(z.string().min(1).max(300)).min(1, 'must name at least one comment').max(1000).optional(),
  filter: BulkFilter.optional(),
}).refine((b) => Boolean(b.ids) !== Boolean(b.filter), { message: 'give either ids or filter (not both)', path: ['ids'] });

export const CreateInvitationBody = z.object({ email: z.email().max(254), role: InvitableRole });
export const AcceptInvitationBody = z.object({ token: z.string().min(1).max(200) });
export const UpdateMemberBody = z.object({ role: InvitableRole });
export const UpdateWorkspaceBody = z.object({
  name: z.string().trim().min(1, 'must not be empty').max(100).optional(),
  /** Analyse comments as they arrive (webhooks, sync); off leaves them pending until Process All. */
  autoAnalyze: z.boolean().optional(),
  /** Mail the owners and admins the last 7 days' report every Monday. */
  weeklyReport: z.boolean().optional(),
}).refine((b) => b.name !== undefined || b.autoAnalyze !== undefined || b.weeklyReport !== undefined, 'Send name, autoAnalyze or weeklyReport.');
export const AuditQuery = z.object({ cursor: z.string().max(500).optional(), limit: z.coerce.number().int().min(1).max(500).optional() });
export const ForgotPasswordBody = z.object({ email: z.email().max(254) });
export const ResetPasswordBody = z.object({ email: z.email().max(254), code: z.string().trim().min(1).max(20), password: z.string().min(1).max(256) });
export const VerifyEmailBody = z.object({ code: z.string().trim().min(1).max(20) });

export const Ok = z.object({ ok: z.literal(true) });
export const DataDeletionStatus = z.object({ code: z.string(), status: z.literal('completed'), completedAt: z.string() });
export const ErrorBody = z.object({ message: z.string(), errors: z.array(z.object({ field: z.string(), message: z.string() })).optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Which Lambda serves a route. */
export type RouteGroup = 'api' | 'webhooks';
/** public: no session; user: session cookie required; redirect: browser navigation answered with 302. */
export type RouteAuth = 'public' | 'user';
/**
 * Who may call a signed-in route: `self` is any signed-in user acting on their own account (no
 * workspace role needed); otherwise the workspace roles of that access level (roles.ts).
 */
export type RouteAccess = Access | 'self';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth: RouteAuth;
  /** Required on every `user` route: enforced by the server, mirrored by the app. */
  access?: RouteAccess;
  group: RouteGroup;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** Answers with a redirect (browser navigation) rather than JSON. */
  redirect?: boolean;
  /** Raw body needed (signature checks): the handler reads it unparsed. */
  rawBody?: boolean;
}

function r<const D extends RouteDef>(d: D): D { return d; }

export const ROUTES = {
  register: r({ method: 'POST', path: '/api/register', auth: 'public', group: 'api', body: RegisterBody, response: User }),
  login: r({ method: 'POST', path: '/api/login', auth: 'public', group: 'api', body: LoginBody, response: User }),
  loginRedirect: r({ method: 'GET', path: '/api/login', auth: 'public', group: 'api', redirect: true }),
  logout: r({ method: 'POST', path: '/api/logout', auth: 'public', group: 'api', response: Ok }),
  logoutRedirect: r({ method: 'GET', path: '/api/logout', auth: 'public', group: 'api', redirect: true }),
  getUser: r({ method: 'GET', path: '/api/user', auth: 'user', access: 'self', group: 'api', response: User }),
  updateUser: r({ method: 'PUT', path: '/api/user', auth: 'user', access: 'self', group: 'api', body: UpdateUserBody, response: User }),
  deleteUser: r({ method: 'DELETE', path: '/api/user', auth: 'user', access: 'self', group: 'api', response: z.union([Ok, JobAccepted]) }),
  exportUser: r({ method: 'GET', path: '/api/user/export', auth: 'user', access: 'manage', group: 'api' }),
  stats: r({ method: 'GET', path: '/api/stats', auth: 'user', access: 'read', group: 'api', response: Stats }),
  activity: r({ method: 'GET', path: '/api/activity', auth: 'user', access: 'read', group: 'api', response: z.array(Activity) }),
  analytics: r({ method: 'GET', path: '/api/analytics', auth: 'user', access: 'read', group: 'api', response: Analytics }),
  listComments: r({ method: 'GET', path: '/api/comments', auth: 'user', access: 'read', group: 'api', query: CommentsQuery, response: CommentsList }),
  syncComments: r({ method: 'POST', path: '/api/sync-comments', auth: 'user', access: 'moderate', group: 'api' }),
  bulkAnalyze: r({ method: 'POST', path: '/api/comments/bulk-analyze', auth: 'user', access: 'moderate', group: 'api' }),
  processComment: r({ method: 'POST', path: '/api/comments/{id}/process', auth: 'user', access: 'moderate', group: 'api' }),
  approveComment: r({ method: 'POST', path: '/api/comments/{id}/approve', auth: 'user', access: 'moderate', group: 'api' }),
  overrideComment: r({ method: 'POST', path: '/api/comments/{id}/override', auth: 'user', access: 'moderate', group: 'api', body: OverrideBody }),
  updateReply: r({ method: 'POST', path: '/api/comments/{id}/update-reply', auth: 'user', access: 'moderate', group: 'api', body: UpdateReplyBody }),
  // Any action on any comment (issue 12): each happens on the platform exactly once (design D15).
  replyComment: r({ method: 'POST', path: '/api/comments/{id}/reply', auth: 'user', access: 'moderate', group: 'api', body: ReplyBody, response: Comment }),
  privateReplyComment: r({ method: 'POST', path: '/api/comments/{id}/private-reply', auth: 'user', access: 'moderate', group: 'api', body: PrivateReplyBody, response: Comment }),
  hideComment: r({ method: 'POST', path: '/api/comments/{id}/hide', auth: 'user', access: 'moderate', group: 'api', response: Comment }),
  unhideComment: r({ method: 'POST', path: '/api/comments/{id}/unhide', auth: 'user', access: 'moderate', group: 'api', response: Comment }),
  deleteComment: r({ method: 'POST', path: '/api/comments/{id}/delete', auth: 'user', access: 'moderate', group: 'api', response: Comment }),
  dismissComment: r({ method: 'POST', path: '/api/comments/{id}/dismiss', auth: 'user', access: 'moderate', group: 'api', response: Comment }),
  blockAuthor: r({ method: 'POST', path: '/api/comments/{id}/block-author', auth: 'user', access: 'moderate', group: 'api', response: Comment }),
  deleteReply: r({ method: 'POST', path: '/api/comments/{id}/delete-reply', auth: 'user', access: 'moderate', group: 'api', response: Comment }),
  commentHistory: r({ method: 'GET', path: '/api/comments/{id}/history', auth: 'user', access: 'read', group: 'api', response: z.array(CommentHistoryEntry) }),
  commentContext: r({ method: 'GET', path: '/api/comments/{id}/context', auth: 'user', access: 'read', group: 'api', response: CommentContext }),
  bulkComments: r({ method: 'POST', path: '/api/comments/bulk', auth: 'user', access: 'moderate', group: 'api', body: BulkBody, response: z.union([BulkResult, JobAccepted]) }),
  // Long work answered 202 {job} (issue 13): the job's status, progress, result and file links.
  getJob: r({ method: 'GET', path: '/api/jobs/{id}', auth: 'user', access: 'read', group: 'api', response: Job }),
  updateSubscription: r({ method: 'PUT', path: '/api/subscription', auth: 'user', access: 'owner', group: 'api', body: UpdateSubscriptionBody, response: User }),
  cancelSubscription: r({ method: 'DELETE', path: '/api/subscription', auth: 'user', access: 'owner', group: 'api', response: User }),
  createSubscription: r({ method: 'POST', path: '/api/create-subscription', auth: 'user', access: 'owner', group: 'api', body: CreateSubscriptionBody }),
  billingConfig: r({ method: 'GET', path: '/api/billing/config', auth: 'public', group: 'api' }),
  socialAccounts: r({ method: 'GET', path: '/api/social-accounts', auth: 'user', access: 'read', group: 'api', response: z.array(SocialAccount) }),
  deleteSocialAccount: r({ method: 'DELETE', path: '/api/social-accounts/{id}', auth: 'user', access: 'manage', group: 'api' }),
  getWorkspace: r({ method: 'GET', path: '/api/workspace', auth: 'user', access: 'read', group: 'api', response: Workspace }),
  updateWorkspace: r({ method: 'PUT', path: '/api/workspace', auth: 'user', access: 'manage', group: 'api', body: UpdateWorkspaceBody, response: Workspace }),
  deleteWorkspace: r({ method: 'DELETE', path: '/api/workspace', auth: 'user', access: 'owner', group: 'api', response: z.union([Ok, JobAccepted]) }),
  listWorkspaces: r({ method: 'GET', path: '/api/workspaces', auth: 'user', access: 'self', group: 'api', response: z.array(WorkspaceSummary) }),
  switchWorkspace: r({ method: 'POST', path: '/api/workspaces/{id}/switch', auth: 'user', access: 'self', group: 'api', response: User }),
  createInvitation: r({ method: 'POST', path: '/api/workspace/invitations', auth: 'user', access: 'manage', group: 'api', body: CreateInvitationBody, response: CreatedInvitation }),
  listInvitations: r({ method: 'GET', path: '/api/workspace/invitations', auth: 'user', access: 'manage', group: 'api', response: z.array(PendingInvitation) }),
  revokeInvitation: r({ method: 'DELETE', path: '/api/workspace/invitations/{id}', auth: 'user', access: 'manage', group: 'api', response: Ok }),
  acceptInvitation: r({ method: 'POST', path: '/api/invitations/accept', auth: 'user', access: 'self', group: 'api', body: AcceptInvitationBody, response: User }),
  updateMember: r({ method: 'PUT', path: '/api/workspace/members/{userId}', auth: 'user', access: 'manage', group: 'api', body: UpdateMemberBody, response: Workspace }),
  removeMember: r({ method: 'DELETE', path: '/api/workspace/members/{userId}', auth: 'user', access: 'manage', group: 'api', response: Workspace }),
  auditLog: r({ method: 'GET', path: '/api/audit-log', auth: 'user', access: 'manage', group: 'api', query: AuditQuery, response: AuditPage }),
  forgotPassword: r({ method: 'POST', path: '/api/password/forgot', auth: 'public', group: 'api', body: ForgotPasswordBody, response: Ok }),
  resetPassword: r({ method: 'POST', path: '/api/password/reset', auth: 'public', group: 'api', body: ResetPasswordBody, response: Ok }),
  verifyEmail: r({ method: 'POST', path: '/api/user/verify-email', auth: 'user', access: 'self', group: 'api', body: VerifyEmailBody, response: User }),
  resendVerification: r({ method: 'POST', path: '/api/user/verify-email/resend', auth: 'user', access: 'self', group: 'api', response: Ok }),
  // The public API (issue 11, item 9): API keys and outgoing webhooks, on the plan that has API access.
  createApiKey: r({ method: 'POST', path: '/api/api-keys', auth: 'user', access: 'manage', group: 'api', body: CreateApiKeyBody, response: CreatedApiKey }),
  listApiKeys: r({ method: 'GET', path: '/api/api-keys', auth: 'user', access: 'manage', group: 'api', response: z.array(ApiKey) }),
  revokeApiKey: r({ method: 'DELETE', path: '/api/api-keys/{id}', auth: 'user', access: 'manage', group: 'api', response: Ok }),
  createWebhook: r({ method: 'POST', path: '/api/webhooks', auth: 'user', access: 'manage', group: 'api', body: CreateWebhookBody, response: CreatedWebhookEndpoint }),
  listWebhooks: r({ method: 'GET', path: '/api/webhooks', auth: 'user', access: 'manage', group: 'api', response: z.array(WebhookEndpoint) }),
  deleteWebhook: r({ method: 'DELETE', path: '/api/webhooks/{id}', auth: 'user', access: 'manage', group: 'api', response: Ok }),
  webhookDeliveries: r({ method: 'GET', path: '/api/webhooks/{id}/deliveries', auth: 'user', access: 'manage', group: 'api', response: z.array(WebhookDelivery) }),
  // Alerts (issue 11, item 7): the bell (every member reads and marks read), the settings (owners and admins: they hold the Slack URL).
  listAlerts: r({ method: 'GET', path: '/api/alerts', auth: 'user', access: 'read', group: 'api', query: AlertsQuery, response: AlertsList }),
  markAlertsRead: r({ method: 'POST', path: '/api/alerts/read', auth: 'user', access: 'read', group: 'api', body: MarkAlertsReadBody, response: MarkAlertsReadResult }),
  getAlertSettings: r({ method: 'GET', path: '/api/alerts/settings', auth: 'user', access: 'manage', group: 'api', response: AlertSettings }),
  putAlertSettings: r({ method: 'PUT', path: '/api/alerts/settings', auth: 'user', access: 'manage', group: 'api', body: AlertSettingsInput, response: AlertSettings }),
  // Browser navigations: the handler checks the session itself and sends a signed-out visitor to /login.
  facebookAuth: r({ method: 'GET', path: '/api/auth/facebook', auth: 'public', group: 'api', redirect: true }),
  facebookCallback: r({ method: 'GET', path: '/api/auth/facebook/callback', auth: 'public', group: 'api', redirect: true }),
  // The status URL Meta's data-deletion callback returns: `{code, status, completedAt}` or 404.
  dataDeletionStatus: r({ method: 'GET', path: '/api/data-deletion/{code}', auth: 'public', group: 'api', response: DataDeletionStatus }),
  // Rules, their backtest, saved replies and the Automation log (issue 11 items 1, 2, 5): reads 'read', writes 'manage'.
  listRules: r({ method: 'GET', path: '/api/rules', auth: 'user', access: 'read', group: 'api', response: z.array(Rule) }),
  createRule: r({ method: 'POST', path: '/api/rules', auth: 'user', access: 'manage', group: 'api', body: RuleInput, response: Rule }),
  updateRule: r({ method: 'PUT', path: '/api/rules/{id}', auth: 'user', access: 'manage', group: 'api', body: RuleInput, response: Rule }),
  deleteRule: r({ method: 'DELETE', path: '/api/rules/{id}', auth: 'user', access: 'manage', group: 'api', response: Ok }),
  backtestRule: r({ method: 'POST', path: '/api/rules/{id}/backtest', auth: 'user', access: 'manage', group: 'api', body: BacktestBody, response: z.union([BacktestResult, JobAccepted]) }),
  listSavedReplies: r({ method: 'GET', path: '/api/saved-replies', auth: 'user', access: 'read', group: 'api', response: z.array(SavedReply) }),
  createSavedReply: r({ method: 'POST', path: '/api/saved-replies', auth: 'user', access: 'manage', group: 'api', body: SavedReplyInput, response: SavedReply }),
  updateSavedReply: r({ method: 'PUT', path: '/api/saved-replies/{id}', auth: 'user', access: 'manage', group: 'api', body: SavedReplyInput, response: SavedReply }),
  deleteSavedReply: r({ method: 'DELETE', path: '/api/saved-replies/{id}', auth: 'user', access: 'manage', group: 'api', response: Ok }),
  automationLog: r({ method: 'GET', path: '/api/automation', auth: 'user', access: 'read', group: 'api', query: AutomationQuery, response: AutomationPage }),
  undoAutomation: r({ method: 'POST', path: '/api/automation/undo', auth: 'user', access: 'moderate', group: 'api', body: UndoBody, response: UndoResult }),
  // Troll-attack incidents (issue 11 item 4): list, one with the comments it hid, close, restore its hidden comments in bulk (a job beyond 100).
  listIncidents: r({ method: 'GET', path: '/api/incidents', auth: 'user', access: 'read', group: 'api', query: IncidentsQuery, response: IncidentsList }),
  getIncident: r({ method: 'GET', path: '/api/incidents/{id}', auth: 'user', access: 'read', group: 'api', response: IncidentDetail }),
  closeIncident: r({ method: 'POST', path: '/api/incidents/{id}/close', auth: 'user', access: 'moderate', group: 'api', response: Incident }),
  restoreIncident: r({ method: 'POST', path: '/api/incidents/{id}/restore', auth: 'user', access: 'moderate', group: 'api', response: z.union([RestoreResult, JobAccepted]) }),
  // A brand's voice and answers (issue 10 item 5): per connected Facebook page (its id at Meta).
  listBrands: r({ method: 'GET', path: '/api/brands', auth: 'user', access: 'read', group: 'api', response: z.array(BrandSummary) }),
  getBrandVoice: r({ method: 'GET', path: '/api/brands/{brandId}/voice', auth: 'user', access: 'read', group: 'api', response: BrandVoice }),
  putBrandVoice: r({ method: 'PUT', path: '/api/brands/{brandId}/voice', auth: 'user', access: 'manage', group: 'api', body: BrandVoice, response: BrandVoice }),
  listKnowledge: r({ method: 'GET', path: '/api/brands/{brandId}/knowledge', auth: 'user', access: 'read', group: 'api', response: z.array(KnowledgeEntry) }),
  createKnowledge: r({ method: 'POST', path: '/api/brands/{brandId}/knowledge', auth: 'user', access: 'manage', group: 'api', body: KnowledgeEntryInput, response: KnowledgeEntry }),
  updateKnowledge: r({ method: 'PUT', path: '/api/brands/{brandId}/knowledge/{entryId}', auth: 'user', access: 'manage', group: 'api', body: KnowledgeEntryInput, response: KnowledgeEntry }),
  deleteKnowledge: r({ method: 'DELETE', path: '/api/brands/{brandId}/knowledge/{entryId}', auth: 'user', access: 'manage', group: 'api', response: Ok }),
  importKnowledge: r({ method: 'POST', path: '/api/brands/{brandId}/knowledge/import', auth: 'user', access: 'manage', group: 'api', body: KnowledgeImportBody, response: KnowledgeImportResult }),
  // Autopilot per brand (issue 10 item 8): off by default; {brandId} is the brand's Facebook page id or any of its accounts' ids.
  getAutopilot: r({ method: 'GET', path: '/api/brands/{brandId}/autopilot', auth: 'user', access: 'read', group: 'api', response: AutopilotSettings }),
  putAutopilot: r({ method: 'PUT', path: '/api/brands/{brandId}/autopilot', auth: 'user', access: 'manage', group: 'api', body: AutopilotSettingsInput, response: AutopilotSettings }),
  // Scheduled automation per brand (issue 11 item 6): sync, rules, analysis and autopilot at set times in the brand's time zone, with the next runs.
  getBrandSchedule: r({ method: 'GET', path: '/api/brands/{brandId}/schedule', auth: 'user', access: 'read', group: 'api', response: BrandSchedule }),
  putBrandSchedule: r({ method: 'PUT', path: '/api/brands/{brandId}/schedule', auth: 'user', access: 'manage', group: 'api', body: BrandScheduleInput, response: BrandSchedule }),
  // Reports of a date range (issue 11 item 8): figures, or the file (CSV, XLSX, PDF) — a job beyond REPORT_INLINE_MAX comments.
  getReport: r({ method: 'GET', path: '/api/reports', auth: 'user', access: 'read', group: 'api', query: ReportQuery, response: Report }),
  exportReport: r({ method: 'GET', path: '/api/reports/export', auth: 'user', access: 'read', group: 'api', query: ReportExportQuery }),
  // The workspace's logo on report files: the image itself, replace (PNG or JPEG, checked by its bytes), remove.
  getWorkspaceLogo: r({ method: 'GET', path: '/api/workspace/logo', auth: 'user', access: 'read', group: 'api' }),
  putWorkspaceLogo: r({ method: 'PUT', path: '/api/workspace/logo', auth: 'user', access: 'manage', group: 'api', body: LogoBody, response: Workspace }),
  deleteWorkspaceLogo: r({ method: 'DELETE', path: '/api/workspace/logo', auth: 'user', access: 'manage', group: 'api', response: Workspace }),
  metaWebhookVerify: r({ method: 'GET', path: '/webhooks/meta', auth: 'public', group: 'webhooks' }),
  metaWebhook: r({ method: 'POST', path: '/webhooks/meta', auth: 'public', group: 'webhooks', rawBody: true }),
  stripeWebhook: r({ method: 'POST', path: '/webhooks/stripe', auth: 'public', group: 'webhooks', rawBody: true }),
  metaDataDeletion: r({ method: 'POST', path: '/webhooks/meta/data-deletion', auth: 'public', group: 'webhooks', rawBody: true }),
} as const;

export type RouteName = keyof typeof ROUTES;
export type BodyOf<N extends RouteName> = (typeof ROUTES)[N] extends { body: infer S extends z.ZodType } ? z.input<S> : never;
export type ResponseOf<N extends RouteName> = (typeof ROUTES)[N] extends { response: infer S extends z.ZodType } ? z.infer<S> : unknown;

/** Fill `{id}`-style parameters into a route path. */
export function pathOf(name: RouteName, params: Record<string, string> = {}): string {
  return ROUTES[name].path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));
}

export interface RouteMatch {
  name: RouteName;
  params: Record<string, string>;
  /** Parameters whose percent-encoding is broken (kept undecoded in `params`): the caller answers 400. */
  invalid?: string[];
}

/** Match a concrete method and path to a route, returning its path parameters (decoded where the encoding is valid). */
export function matchRoute(method: string, path: string): RouteMatch | null {
  for (const [name, def] of Object.entries(ROUTES) as [RouteName, RouteDef][]) {
    if (def.method !== method) continue;
    const keys: string[] = [];
    const re = new RegExp('^' + def.path.replace(/\{(\w+)\}/g, (_, k: string) => { keys.push(k); return '([^/]+)'; }) + '/?$');
    const m = re.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    const invalid: string[] = [];
    keys.forEach((k, i) => {
      const raw = m[i + 1]!;
      try { params[k] = decodeURIComponent(raw); } catch { params[k] = raw; invalid.push(k); }
    });
    return invalid.length ? { name, params, invalid } : { name, params };
  }
  return null;
}
