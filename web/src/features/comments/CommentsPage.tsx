import { Heading } from '@aws-amplify/ui-react';

export default function CommentsPage() {
  return <Heading level={1} className="cg-page-title">CommentsPage</Heading>;
}
