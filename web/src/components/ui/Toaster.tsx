import { Alert, Button } from '@aws-amplify/ui-react';
import { dismissToast, useToast } from '../../lib/toast';

/** The single toast slot (spec section 9: at most one at a time). */
export function Toaster() {
  const t = useToast();
  return (
    <div className="cg-toaster" aria-live="polite">
      {t && (
        <div role={t.variant === 'destructive' ? 'alert' : 'status'} className="cg-toast" key={t.id}>
          <Alert
            variation={t.variant === 'destructive' ? 'error' : 'success'}
            heading={t.title}
            isDismissible
            onDismiss={dismissToast}
            dismissButtonLabel="Dismiss notification"
            hasIcon
          >
            {t.description}
            {t.action && (
              <Button
                size="small"
                marginInlineStart="0.75rem"
                onClick={() => {
                  const run = t.action!.run;
                  dismissToast();
                  run();
                }}
              >
                {t.action.label}
              </Button>
            )}
          </Alert>
        </div>
      )}
    </div>
  );
}
