import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { errorMessage } from '../../lib/api';

/** A failed load: says so (never an empty state) and offers to try again. */
export function QueryError({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <Alert variation="error" hasIcon role="alert">
      <Flex alignItems="center" gap="0.75rem" wrap="wrap">
        <span>{errorMessage(error, `Failed to load ${what}.`)}</span>
        <Button size="small" onClick={onRetry}>Try again</Button>
      </Flex>
    </Alert>
  );
}
