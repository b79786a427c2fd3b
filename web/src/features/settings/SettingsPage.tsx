import { Heading } from '@aws-amplify/ui-react';

export default function SettingsPage() {
  return <Heading level={1} className="cg-page-title">SettingsPage</Heading>;
}
