import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function TrollInvasions() {
  return (
    <UseCaseLayout
      meta={{
        title: 'Stop Troll Invasions on Facebook and Instagram | Pagewarden',
        description: 'Detect hateful, political, off-topic and inflammatory comments and coordinated troll attacks on your Facebook and Instagram pages and ads, then delete, hide, flag or respond.',
        keywords: 'troll invasion, troll attack, hateful comments, comment raid, coordinated attack social media, hide offensive comments, facebook troll moderation',
        path: '/troll-invasions',
      }}
      eyebrow="Use case: brand safety"
      title="Stop troll invasions before they take over your comments"
      lead="One inflammatory comment can turn into hundreds in an hour. Pagewarden spots hateful, political, off-topic and inflammatory comments, including coordinated attacks, and gives your team the tools to respond fast."
      faq={[
        { q: 'What does Pagewarden detect?', a: 'Hateful, offensive, political, off-topic and inflammatory comments, as well as spam. A sudden wave of similar hostile comments, the signature of a coordinated attack, stands out in the queue and in your analytics.' },
        { q: 'What can I do with a troll comment?', a: 'Delete it, shadow-hide it (the author and their friends still see it, nobody else does), flag it for human review, or reply with a firm, polite warning drafted for your approval.' },
        { q: 'What if the AI flags a legitimate comment?', a: 'Nothing happens until a moderator decides. Keep Comment overrides the proposed action and restores the comment to normal, and the override counts in your accuracy figures.' },
        { q: 'What should I do during a severe attack?', a: 'Let Pagewarden keep the queue under control while you consider temporarily restricting who can comment on the affected post from your Facebook or Instagram settings.' },
        { q: 'Can I be stricter on some content than others?', a: 'Yes. Every decision shows where the comment was posted, so your team can hold sensitive content such as ads, announcements or crisis posts to a stricter standard.' },
      ]}
      cta={{ title: 'Keep your comment section a place people want to be', text: 'Connect your pages and let the AI take the first pass on trolls and abuse.' }}
    >
      <h2>What a troll invasion looks like</h2>
      <p>
        A controversial post, a viral ad or an organised group decides to target your page. Within minutes the comments fill with insults, political
        arguments, off-topic provocations and copy-pasted attacks. Real customers stop reading, and your moderators cannot keep up.
      </p>
      <h2>Detection</h2>
      <Checks
        items={[
          'Hateful and offensive language',
          'Political and off-topic provocations',
          'Inflammatory comments designed to start fights',
          'Coordinated attacks: many similar hostile comments in a short time',
        ]}
      />
      <h2>Response options</h2>
      <Checks
        items={[
          <><strong>Delete:</strong> remove the comment for everyone.</>,
          <><strong>Shadow-hide:</strong> hide it from everyone except the author and their friends, so the troll gets no reaction.</>,
          <><strong>Flag for human review:</strong> borderline cases wait for a moderator's decision.</>,
          <><strong>Warn the user:</strong> reply with a firm, polite reminder of your community rules, drafted for your approval.</>,
        ]}
      />
      <p>
        In a severe attack you can also temporarily restrict commenting on the affected post from your Facebook or Instagram settings while Pagewarden works through the queue.
      </p>
      <h2>Review and restore</h2>
      <p>
        Flagged comments are never acted on silently. Your team reviews them, and Keep Comment restores any comment the AI got wrong.
        Apply stricter rules to sensitive content types, such as ads and announcements, by reviewing every decision there before approving it.
      </p>
    </UseCaseLayout>
  );
}
