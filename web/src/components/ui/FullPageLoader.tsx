import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import { TEXT } from '@cg/shared';

/** The centred spinner shown while the session loads (spec section 2). */
export function FullPageLoader() {
  return (
    <Flex className="cg-fullpage" direction="column" alignItems="center" justifyContent="center" gap="1rem" role="status">
      <Loader size="large" aria-hidden="true" />
      <Text>{TEXT.loading}</Text>
    </Flex>
  );
}

/** In-page spinner for lazy screens. */
export function PageLoader() {
  return (
    <Flex className="cg-pageloader" alignItems="center" justifyContent="center" gap="0.75rem" role="status">
      <Loader aria-hidden="true" />
      <Text>{TEXT.loading}</Text>
    </Flex>
  );
}
