import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function ReportsDashboard() {
  return (
    <UseCaseLayout
      meta={{
        title: 'Comment Analytics and Reports Dashboard | Pagewarden',
        description: 'See the sentiment of your Facebook and Instagram comments, the actions taken, spam filtered and offensive content caught, and how often your team agrees with the AI.',
        keywords: 'comment analytics, social media sentiment dashboard, comment reports, facebook comment analytics, instagram comment analytics, moderation reports',
        path: '/reports-dashboard',
      }}
      eyebrow="Use case: reporting"
      title="Know what your audience is saying, at a glance"
      lead="The analytics dashboard turns thousands of comments into a few clear numbers: how people feel, what your team did about it, and how much noise was filtered out."
      faq={[
        { q: 'What does the analytics dashboard show?', a: 'Positive, negative and neutral comment counts with their share of the total, a sentiment distribution chart, the actions taken (replied, deleted, pending), spam detected, offensive content detected, clean comments and the average AI confidence.' },
        { q: 'How is AI accuracy calculated?', a: 'It is the share of AI decisions your moderators approved unchanged among all decisions they reviewed. Edits and overrides count as misses, so the figure reflects your own team\'s judgement.' },
        { q: 'Are the numbers up to date?', a: 'Yes. Counts are updated as comments are analysed and acted on, and the dashboard reflects them when you open it.' },
        { q: 'Can I get my data out?', a: 'Yes. You can export your account data from Settings at any time.' },
        { q: 'Which plans include analytics?', a: 'The analytics dashboard and real-time analytics are part of the Growth and Ultimate plans; the full plan comparison is on the Features page.' },
      ]}
      cta={{ title: 'See your comment section in numbers', text: 'Connect your pages and your dashboard fills in as comments are analysed.' }}
    >
      <h2>Questions the dashboard answers</h2>
      <Checks
        items={[
          <><strong>How do people feel?</strong> Positive, negative and neutral comments, each with its percentage of the total, and a sentiment distribution chart.</>,
          <><strong>What did we do about it?</strong> Comments replied to, deleted and still pending.</>,
          <><strong>How much noise was filtered?</strong> Spam detected, offensive content detected and clean comments.</>,
          <><strong>Can we trust the AI?</strong> The average AI confidence, and an accuracy figure measured against your moderators' own reviews.</>,
        ]}
      />
      <h2>Numbers you can act on</h2>
      <p>
        A spike in negative comments after a launch, a wave of spam under one ad, or a drop in how often your team accepts the AI's suggestions:
        each is visible on one screen, so you can adjust before a small problem becomes a big one.
      </p>
      <p>
        The main dashboard also keeps running totals of Facebook comments, Instagram comments, auto replies sent and comments deleted,
        with a recent activity list of what happened last.
      </p>
    </UseCaseLayout>
  );
}
