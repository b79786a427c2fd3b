import { Badge } from '@aws-amplify/ui-react';
import type { Comment } from '@cg/shared';

export function AuthorAvatar({ comment }: { comment: Pick<Comment, 'authorName' | 'authorAvatar'> }) {
  return (
    <span className="cg-avatar cg-avatar-sm" aria-hidden="true">
      {comment.authorAvatar ? <img src={comment.authorAvatar} alt="" loading="lazy" /> : (comment.authorName.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}

export function PlatformBadge({ platform }: { platform: Comment['platform'] }) {
  return <Badge size="small" className={`cg-platform cg-platform-${platform}`}>{platform === 'facebook' ? 'Facebook' : 'Instagram'}</Badge>;
}

const STATUS_LABEL: Record<Comment['status'], string> = {
  pending: 'Pending',
  processing: 'Processing',
  processed: 'Processed',
  approved: 'Approved',
  replied: 'Replied',
  deleted: 'Deleted',
};

export function StatusBadge({ status }: { status: Comment['status'] }) {
  const variation = status === 'deleted' ? 'error' : status === 'replied' || status === 'approved' ? 'success' : status === 'processing' ? 'info' : status === 'pending' ? 'warning' : undefined;
  return <Badge size="small" variation={variation}>{STATUS_LABEL[status]}</Badge>;
}

/** AI Decision badge (spec section 2): Processing, Pending, or the decision. */
export function DecisionBadge({ comment }: { comment: Pick<Comment, 'status' | 'aiDecision'> }) {
  if (comment.status === 'processing') return <Badge size="small" variation="info">Processing</Badge>;
  const d = comment.aiDecision?.decision;
  if (!d) return <Badge size="small" variation="warning">Pending</Badge>;
  const label = { reply: 'Reply', delete: 'Delete', hide: 'Hide', ignore: 'Ignore' }[d];
  const variation = d === 'reply' ? 'success' : d === 'delete' ? 'error' : d === 'hide' ? 'warning' : undefined;
  return <Badge size="small" variation={variation}>{label}</Badge>;
}

export function SentimentBadge({ sentiment }: { sentiment: 'positive' | 'negative' | 'neutral' }) {
  const variation = sentiment === 'positive' ? 'success' : sentiment === 'negative' ? 'error' : undefined;
  return <Badge size="small" variation={variation}>{sentiment[0]!.toUpperCase() + sentiment.slice(1)}</Badge>;
}
