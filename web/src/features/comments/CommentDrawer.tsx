import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import type { Comment } from '@cg/shared';
import { useCommentHistory } from '../../lib/actions';
import { relativeTime } from '../../lib/time';
import { PlatformBadge, StatusBadge } from '../../components/ui/CommentBits';
import { CommentActions } from '../dashboard/CommentActions';
import { CommentContextPanel } from '../dashboard/CommentContextPanel';

/**
 * A comment's detail drawer (issue 12): the comment, where it was posted, every action on it and its
 * full history (who did what, when). Undo later: Unhide and Delete Our Reply are among its actions.
 */
export function CommentDrawer({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState(comment);
  useEffect(() => setCurrent(comment), [comment]);
  const history = useCommentHistory(comment.id);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  const titleId = `drawer-${comment.id}`;
  return (
    <dialog
      ref={ref}
      className="cg-drawer"
      aria-labelledby={titleId}
      data-testid="comment-drawer"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <Flex direction="column" gap="0.75rem">
        <Flex justifyContent="space-between" alignItems="center">
          <Heading level={2} id={titleId} className="cg-dialog-title">Comment by {current.authorName}</Heading>
          <Button size="small" onClick={onClose}>Close</Button>
        </Flex>
        <Flex gap="0.5rem" alignItems="center"><PlatformBadge platform={current.platform} /><StatusBadge status={current.status} /></Flex>
        <Text className="cg-comment-content">{current.content}</Text>
        {current.reply && <Text className="cg-small"><strong>Our reply:</strong> {current.reply.text}</Text>}
        <CommentContextPanel comment={current} />
        <CommentActions comment={current} onDone={(after) => after && setCurrent(after)} />
        <Heading level={3} fontSize="1rem">History</Heading>
        {history.isLoading ? (
          <Loader aria-label="Loading the history" />
        ) : history.isError ? (
          <Text role="alert" className="cg-small">The history could not be loaded. <button type="button" className="cg-link-button" onClick={() => void history.refetch()}>Try again</button></Text>
        ) : (history.data ?? []).length === 0 ? (
          <Text className="cg-small cg-muted">No action yet.</Text>
        ) : (
          <ol className="cg-history" data-testid="comment-history">
            {history.data!.map((h) => (
              <li key={h.id}>
                <Text className="cg-small">{h.description}</Text>
                <Text className="cg-xsmall cg-muted">
                  {h.by ?? 'System'} · <time dateTime={h.at} title={new Date(h.at).toLocaleString()}>{relativeTime(h.at)}</time> · {h.status}
                </Text>
              </li>
            ))}
          </ol>
        )}
      </Flex>
    </dialog>
  );
}
