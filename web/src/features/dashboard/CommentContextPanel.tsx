import { useEffect, useRef, useState } from 'react';
import { Badge, Link, Text } from '@aws-amplify/ui-react';
import type { Comment } from '@cg/shared';
import { useCommentContext } from '../../lib/actions';
import { relativeTime } from '../../lib/time';

const PLATFORM_NAME = { facebook: 'Facebook', instagram: 'Instagram' } as const;
const snippet = (s: string, n = 140) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** True once the element has come near the viewport (then stays true): the context loads lazily. */
function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (seen) return;
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setSeen(true);
    }, { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen];
}

/** Where the comment was posted and who wrote it (GET /api/comments/{id}/context), loaded when the card is seen. */
export function CommentContextPanel({ comment }: { comment: Comment }) {
  const [ref, seen] = useSeen<HTMLDivElement>();
  const q = useCommentContext(comment.id, seen);
  const c = q.data;
  return (
    <div ref={ref} className="cg-context" data-testid="comment-context" aria-busy={q.isLoading || undefined}>
      {q.isError ? (
        <Text className="cg-xsmall cg-muted" role="alert">Context could not be loaded. <button type="button" className="cg-link-button" onClick={() => void q.refetch()}>Try again</button></Text>
      ) : !c ? (
        <Text className="cg-xsmall cg-muted">Loading context…</Text>
      ) : (
        <>
          <Text className="cg-xsmall">
            {c.brand && <><span className="cg-muted">Brand </span><strong>{c.brand.name}</strong> · </>}
            {c.account && <><span className="cg-muted">Account </span>{c.account.name} ({PLATFORM_NAME[c.account.platform]})</>}
          </Text>
          {c.post && (
            <Text className="cg-xsmall" data-testid="context-post">
              {c.post.label && <Badge size="small" variation="warning" marginInlineEnd="0.25rem">{c.post.label}</Badge>}
              <span className="cg-muted">On </span>
              {c.post.permalink ? <Link href={c.post.permalink} isExternal>{snippet(c.post.text || 'the post')}</Link> : snippet(c.post.text || 'a post')}
            </Text>
          )}
          {c.parent && (
            <Text className="cg-xsmall" data-testid="context-parent">
              <span className="cg-muted">In reply to {c.parent.authorName}: </span>{snippet(c.parent.content, 100)}
            </Text>
          )}
          <Text className="cg-xsmall" data-testid="context-author">
            <span className="cg-muted">Author's record: </span>
            {c.author.comments} {c.author.comments === 1 ? 'comment' : 'comments'}, {c.author.hidden} hidden, {c.author.deleted} deleted
            {c.author.firstSeen && <>, first seen <time dateTime={c.author.firstSeen}>{relativeTime(c.author.firstSeen)}</time></>}
          </Text>
          {c.permalink && (
            <Text className="cg-xsmall"><Link href={c.permalink} isExternal>View on {PLATFORM_NAME[c.platform]}</Link></Text>
          )}
        </>
      )}
    </div>
  );
}
