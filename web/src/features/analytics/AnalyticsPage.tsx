import { Heading } from '@aws-amplify/ui-react';

export default function AnalyticsPage() {
  return <Heading level={1} className="cg-page-title">AnalyticsPage</Heading>;
}
