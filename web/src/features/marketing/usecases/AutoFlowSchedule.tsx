import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function AutoFlowSchedule() {
  return (
    <UseCaseLayout
      meta={{
        title: 'Automated Comment Moderation Schedule | Pagewarden',
        description: 'Scheduled syncs and automatic AI analysis keep your Facebook and Instagram comment queue ready for your team, with live updates as new comments arrive.',
        keywords: 'automated comment moderation, scheduled comment sync, social media moderation workflow, facebook comment automation, instagram comment automation',
        path: '/auto-flow-schedule',
      }}
      eyebrow="Use case: automation"
      title="A moderation queue that is ready before your team is"
      lead="Pagewarden syncs your comments and runs the AI analysis on a schedule, so when your moderators start their day the decisions are already waiting for them."
      faq={[
        { q: 'Do I have to press Sync every time?', a: 'No. Comments are synced and analysed on a schedule you set per brand in Settings: daily at a time (say 9 AM), several times a day, weekdays only or weekends only, in the brand\'s own time zone, with its next runs shown. You can still press Sync Comments or Process All Comments whenever you want an immediate refresh.' },
        { q: 'Do new comments show up without reloading the page?', a: 'Yes. The dashboard keeps a live connection and refreshes the queue when new comments arrive or a decision changes.' },
        { q: 'Does automation mean comments are deleted without anyone looking?', a: 'Only where you decide so. Automation prepares decisions for a moderator to approve, edit or override; a comment is hidden, deleted or answered without a person only by a rule you switched on or by autopilot within the thresholds you set, and each such action is listed in the Automation log, where hides can be undone.' },
        { q: 'Can I turn automatic analysis off?', a: 'Yes. Automatic analysis is a setting; when it is off, comments wait in the queue until you process them.' },
        { q: 'What happens when my plan\'s monthly analysis quota is reached?', a: 'Analysis pauses and the app tells you so. Comments stay pending, nothing is lost, and analysis resumes when you upgrade or when the next month starts.' },
      ]}
      cta={{ title: 'Put your comment queue on autopilot, not on auto-delete', text: 'Let the schedule do the sorting and keep your team for the decisions.' }}
    >
      <h2>The problem with manual moderation</h2>
      <p>
        Comments arrive around the clock, but moderators work shifts. Without automation, every morning starts with a backlog: hours of scrolling before
        the first real decision is made, and urgent comments waiting behind hundreds of routine ones.
      </p>
      <h2>How the automated flow works</h2>
      <ol>
        <li><strong>Scheduled runs per brand:</strong> daily at 9 AM, several times a day, weekdays only or weekends only, in the brand&apos;s time zone: new comments from its pages, Instagram accounts and ads are fetched and your rules run on them. Between runs, a sync every few minutes catches anything the live connection missed.</li>
        <li><strong>Automatic analysis:</strong> new comments are queued for the AI as they arrive, and at each scheduled run the brand&apos;s waiting comments too; the AI proposes a decision and drafts a reply.</li>
        <li><strong>Live queue:</strong> the dashboard updates as decisions arrive, without reloading.</li>
        <li><strong>Human review:</strong> your team works through proposed decisions instead of raw comments.</li>
      </ol>
      <h2>Built to never lose a comment</h2>
      <Checks
        items={[
          'Every comment is always in exactly one state: pending, processing, processed, approved, replied or deleted.',
          'If a platform action fails, the comment stays in the queue with the error recorded.',
          'Manual Sync Comments and Process All Comments buttons are always there when you need them now.',
        ]}
      />
    </UseCaseLayout>
  );
}
