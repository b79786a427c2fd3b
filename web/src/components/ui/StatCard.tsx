import type { ReactNode } from 'react';
import { Card, Text } from '@aws-amplify/ui-react';

export function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <Card variation="outlined" className="cg-stat">
      <div className="cg-stat-top">
        <Text as="span" className="cg-stat-label">{label}</Text>
        {icon && <span className="cg-stat-icon" aria-hidden="true">{icon}</span>}
      </div>
      <Text as="span" className="cg-stat-value">{value}</Text>
      {hint && <Text as="span" className="cg-stat-hint">{hint}</Text>}
    </Card>
  );
}
