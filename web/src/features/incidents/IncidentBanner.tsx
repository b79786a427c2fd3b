/** The dashboard's banner while a troll-attack incident is open: which post, until when, and a link to review it. */
import { Alert } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { useIncidents } from '../../lib/incidents';

const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

export function IncidentBanner() {
  const open = useIncidents('open');
  const items = open.data?.items ?? [];
  if (!items.length) return null;
  const first = items[0]!;
  return (
    <Alert variation="warning" hasIcon role="alert" marginBottom="1rem" data-testid="incident-banner" heading={items.length > 1 ? `${items.length} troll-attack incidents are open` : 'Troll attack in progress'}>
      {items.length > 1 ? 'Several posts' : `Post ${first.postId}`} received a burst of negative comments ({first.burst} in a short time).
      Negative comments from first-time commenters there are hidden for review until {time.format(new Date(first.endsAt))}.{' '}
      <Link to={items.length > 1 ? '/incidents' : `/incidents/${first.id}`} className="cg-link">Review the incident</Link>
    </Alert>
  );
}
