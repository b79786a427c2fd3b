import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function HumanModeratorBurnout() {
  return (
    <UseCaseLayout
      meta={{
        title: 'Prevent Social Media Moderator Burnout | Pagewarden',
        description: 'Reduce moderator burnout: the AI takes the first pass on spam, abuse and routine questions, so your team reviews decisions instead of reading every hostile comment.',
        keywords: 'moderator burnout, content moderator wellbeing, social media moderation team, comment moderation workload, AI moderation assistant',
        path: '/human-moderator-burnout',
      }}
      eyebrow="Use case: your team"
      title="Protect your moderators from burnout"
      lead="Reading hundreds of comments a day, many of them hostile, wears people down. Pagewarden takes the first pass so your team spends its energy on judgement, not on scrolling."
      faq={[
        { q: 'Does Pagewarden replace my moderators?', a: 'No. It prepares decisions; your moderators make them. The AI proposes, and a human approves, edits or overrides.' },
        { q: 'How does it reduce exposure to abusive content?', a: 'Offensive and spam comments are detected and labelled before a moderator opens them, with a proposed action and a short reasoning, so the decision takes a glance instead of a close read.' },
        { q: 'How does it help with volume?', a: 'The queue shows the AI\'s decision and drafted reply for each comment, and Process All Comments analyses the whole backlog at once. Routine comments become one-click approvals.' },
        { q: 'Does it work for agencies with several brands?', a: 'Yes. Growth covers 3 brands and Ultimate an unlimited number; the comments of every connected Facebook page and Instagram account arrive in one queue, with a platform filter.' },
        { q: 'Will the AI make embarrassing mistakes in public?', a: 'Nothing is posted, hidden or deleted until a moderator approves it, and every decision shows its confidence so uncertain cases stand out.' },
      ]}
      cta={{ title: 'Give your moderators their focus back', text: 'Start with your busiest page and let the AI take the first pass.' }}
    >
      <h2>Moderation is hard on people</h2>
      <p>
        Community and social media managers read every comment: the kind ones, the repetitive ones, and the cruel ones. Volume spikes after launches
        and crises, the abuse is personal, and the work never stops at the end of the shift. That is how good moderators burn out.
      </p>
      <h2>Let the AI take the first pass</h2>
      <Checks
        items={[
          <><strong>Sorted before it is read:</strong> sentiment, spam and offensive content are detected for every comment.</>,
          <><strong>Decisions, not raw comments:</strong> each comment arrives with a proposed action, a reasoning and a confidence score.</>,
          <><strong>Replies already drafted:</strong> routine questions become one-click approvals.</>,
          <><strong>Bulk processing:</strong> Process All Comments works through a backlog at once.</>,
          <><strong>Live queue:</strong> new comments appear without reloading, so nobody has to keep refreshing.</>,
        ]}
      />
      <h2>Humans where they matter</h2>
      <p>
        Your moderators still decide everything that goes public. The difference is that they spend their attention on the nuanced, low-confidence and
        high-stakes comments, where human judgement actually changes the outcome.
      </p>
    </UseCaseLayout>
  );
}
