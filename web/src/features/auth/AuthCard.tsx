import type { ReactNode } from 'react';
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { Logo } from '../../components/ui/Logo';

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <main className="cg-auth-page">
      <Flex direction="column" alignItems="center" gap="1.25rem" width="100%">
        <Link to="/" className="cg-brand cg-brand-lg" aria-label="Pagewarden home">
          <Logo size={36} />
          <span>Pagewarden</span>
        </Link>
        <Card variation="elevated" className="cg-auth-card">
          <Flex direction="column" gap="1.25rem">
            <div>
              <Heading level={1} className="cg-auth-title">{title}</Heading>
              <Text className="cg-muted">{subtitle}</Text>
            </div>
            {children}
          </Flex>
        </Card>
        <div className="cg-auth-footer">{footer}</div>
      </Flex>
    </main>
  );
}
