import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** An accessible modal confirmation (native <dialog>: focus is trapped, Escape cancels). */
export function ConfirmDialog({ open, title, message, confirmLabel, busyLabel, busy, destructive, onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="cg-dialog"
      aria-labelledby={titleId}
      aria-describedby={descId}
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <Flex direction="column" gap="1rem">
          <Heading level={2} id={titleId} className="cg-dialog-title">{title}</Heading>
          <Text id={descId}>{message}</Text>
          <Flex justifyContent="flex-end" gap="0.5rem">
            <Button onClick={onCancel} isDisabled={busy}>Cancel</Button>
            <Button
              variation="primary"
              colorTheme={destructive ? 'error' : undefined}
              onClick={onConfirm}
              isLoading={busy}
              loadingText={busyLabel}
            >
              {confirmLabel}
            </Button>
          </Flex>
        </Flex>
      )}
    </dialog>
  );
}
