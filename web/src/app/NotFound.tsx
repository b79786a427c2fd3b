import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { TEXT } from '@cg/shared';
import { Logo } from '../components/ui/Logo';

export function NotFound() {
  return (
    <main className="cg-center-page">
      <Card variation="elevated" className="cg-notfound">
        <Flex direction="column" alignItems="center" gap="1rem">
          <Logo size={40} />
          <Heading level={1} className="cg-notfound-title">{TEXT.notFound}</Heading>
          <Text className="cg-muted">The page you are looking for does not exist or has moved.</Text>
          <Link to="/" className="cg-button-link">Go to the home page</Link>
        </Flex>
      </Card>
    </main>
  );
}
