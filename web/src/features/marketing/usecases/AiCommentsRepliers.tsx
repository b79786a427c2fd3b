import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function AiCommentsRepliers() {
  return (
    <UseCaseLayout
      meta={{
        title: 'AI Comment Replies for Facebook and Instagram | Pagewarden',
        description: 'Get an AI-drafted reply for every Facebook and Instagram comment worth answering, in the commenter\'s language, ready for your team to approve or edit.',
        keywords: 'AI comment replies, auto reply facebook comments, instagram comment replies, AI social media replies, comment response automation',
        path: '/ai-comments-repliers',
      }}
      eyebrow="Use case: replies"
      title="AI comment replies your team approves in one click"
      lead="Writing the hundredth answer to the same question is nobody's best work. Pagewarden drafts a reply for every comment that deserves one, and your team decides what gets posted."
      faq={[
        { q: 'Are replies posted automatically?', a: 'No. The AI drafts a suggested reply and proposes to send it. A moderator approves it, edits it or rejects it; only an approved reply is posted on the platform.' },
        { q: 'Can I change a suggested reply before it is sent?', a: 'Yes. Edit Reply opens the text so you can change it and save; Cancel restores the original suggestion.' },
        { q: 'Which comments get a reply?', a: 'The AI decides per comment: questions and feedback usually get a reply, spam and abuse are proposed for deletion or hiding, and comments that need no answer are marked to ignore.' },
        { q: 'Does it reply in the commenter\'s language?', a: 'The AI detects the language of each comment and drafts its suggested reply in that language.' },
        { q: 'What if the AI is unsure?', a: 'Every decision carries a confidence score and a short reasoning, so your team can spend its attention on the low-confidence ones.' },
      ]}
      cta={{ title: 'Answer more comments with less typing', text: 'Connect your pages and review your first AI-drafted replies today.' }}
    >
      <h2>Every comment worth answering gets an answer</h2>
      <p>
        Customers ask where their order is, whether a product fits, and when the sale ends. They also say thank you. Each of those deserves a reply,
        and each reply that goes unwritten is a customer who feels ignored.
      </p>
      <h2>What the AI does for each comment</h2>
      <Checks
        items={[
          'Reads the comment and detects its sentiment (positive, negative or neutral), spam and offensive content.',
          'Decides whether it needs a reply, a deletion, hiding, or nothing at all, and explains why.',
          'Drafts a suggested reply in the commenter\'s language.',
          'Shows a confidence score so your team knows where to look first.',
        ]}
      />
      <h2>What your team does</h2>
      <p>
        Approve Reply posts the suggestion as it is. Edit Reply lets you adjust it first. Reject keeps the comment and sends nothing.
        Every edit and override also counts in your analytics, so you can see how often your team agrees with the AI.
      </p>
      <div className="mk-example">
        <p><strong>Comment:</strong> "Love the new colours! Will the blue one be back in stock?"</p>
        <p><strong>Suggested reply:</strong> "Thank you! We're restocking the blue soon. Keep an eye on our page for the announcement."</p>
      </div>
    </UseCaseLayout>
  );
}
