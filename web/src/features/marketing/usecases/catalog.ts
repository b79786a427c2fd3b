import type { IconName } from '../components/Icon';

export interface UseCaseSummary {
  slug: string;
  title: string;
  summary: string;
  icon: IconName;
}

/** The seven use-case pages, in the order of spec section 2. */
export const USE_CASES: UseCaseSummary[] = [
  { slug: 'human-moderator-burnout', icon: 'heart', title: 'Human Moderator Burnout', summary: 'Let the AI take the first pass on spam and abuse so your moderators review decisions instead of reading every hostile comment.' },
  { slug: 'missed-presale-questions', icon: 'chat', title: 'Missed Pre-Sale Questions', summary: 'Answer product, pricing and shipping questions while the buyer is still interested, with a human handling the tricky ones.' },
  { slug: 'troll-invasions', icon: 'shield', title: 'Troll Invasions', summary: 'Detect hateful, inflammatory and coordinated comments fast, then delete, hide or flag them for review.' },
  { slug: 'ai-comments-repliers', icon: 'spark', title: 'AI Comment Replies', summary: 'Get a drafted, context-aware reply for every comment worth answering, ready to approve or edit.' },
  { slug: 'auto-flow-schedule', icon: 'calendar', title: 'Automated Moderation Schedule', summary: 'Scheduled syncs and analysis keep your queue ready, and live updates bring in new comments as they arrive.' },
  { slug: 'reports-dashboard', icon: 'chart', title: 'Reports Dashboard', summary: 'See sentiment, actions, spam and offensive content at a glance, and how often your team agrees with the AI.' },
  { slug: 'facebook-dark-post-comments', icon: 'ad', title: 'Facebook Dark Post Comments', summary: 'Moderate comments on ads and unpublished dark posts that never show up on your page feed.' },
];
