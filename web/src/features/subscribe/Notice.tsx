import type { ReactNode } from 'react';

export type NoticeKind = 'info' | 'success' | 'error' | 'warning';

export interface NoticeData {
  kind: NoticeKind;
  title: string;
  message?: ReactNode;
}

/** A small inline notice: role="alert" for errors, role="status" otherwise. */
export function Notice({ notice, onClose }: { notice: NoticeData; onClose?: () => void }) {
  return (
    <div className={`mk-notice mk-notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="notice">
      <div>
        <p className="mk-notice__title">{notice.title}</p>
        {notice.message && <div>{notice.message}</div>}
      </div>
      {onClose && (
        <button type="button" className="mk-notice__close" onClick={onClose} aria-label="Dismiss notice">
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
