import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function MissedPresaleQuestions() {
  return (
    <UseCaseLayout
      meta={{
        title: 'Never Miss a Pre-Sale Question in Your Comments | Pagewarden',
        description: 'Answer product, pricing and shipping questions in your Facebook and Instagram comments within seconds, from your catalog, pricing and FAQ, with low-confidence questions escalated to your team.',
        keywords: 'pre-sale questions, social commerce, answer customer questions, facebook comment sales, instagram comment questions, product questions AI',
        path: '/missed-presale-questions',
      }}
      eyebrow="Use case: sales"
      title="Never miss a pre-sale question again"
      lead={'"How much is this?" "Do you ship to Canada?" "Is it in stock?" Every unanswered question in your comments is a buyer who may not come back. Pagewarden drafts the answer within seconds, so your team can reply while the buyer is still interested.'}
      faq={[
        { q: 'Where do the answers come from?', a: 'From the product catalog, pricing and FAQ information you provide for your brand. The AI uses it to draft an accurate answer to each product question.' },
        { q: 'How fast are questions answered?', a: 'A suggested answer is drafted within seconds of the comment being analysed. Your team approves it with one click, or edits it first.' },
        { q: 'What happens when the AI is not sure?', a: 'It does not guess. Low-confidence questions are escalated to a human, and the AI can suggest a polite holding reply, such as "Great question! Our team will get back to you shortly.", so the buyer knows they have been heard.' },
        { q: 'Can it handle questions in other languages?', a: 'Yes. The AI detects the language of each comment and drafts its reply in that language.' },
        { q: 'Does it answer questions on my ads too?', a: 'Yes. Comments on your ads, including unpublished dark posts, are moderated in the same queue as your organic posts.' },
      ]}
      cta={{ title: 'Turn questions into sales', text: 'Connect your pages and let Pagewarden draft the answers to your buyers\' questions.' }}
    >
      <h2>Questions in the comments are buying signals</h2>
      <p>
        People who ask about price, sizes, stock or shipping are close to buying. On a busy page those questions get buried between reactions, tags and
        spam, and by the time someone answers, the buyer has scrolled on.
      </p>
      <h2>How Pagewarden answers them</h2>
      <Checks
        items={[
          <><strong>Recognised instantly:</strong> product, pricing, availability and shipping questions are picked out of the comment stream.</>,
          <><strong>Answered from your information:</strong> the reply is drafted from the catalog, pricing and FAQ you provide, in the commenter's language.</>,
          <><strong>Ready within seconds:</strong> the drafted answer waits in the queue for a one-click approval.</>,
          <><strong>Escalated when unsure:</strong> low-confidence questions go to a human, with a polite holding reply suggested so nobody is left waiting in silence.</>,
        ]}
      />
      <div className="mk-example">
        <p><strong>Comment:</strong> "Do you ship to Canada and how long does it take?"</p>
        <p><strong>Suggested reply:</strong> "Yes, we ship to Canada! Delivery usually takes 5 to 8 business days. You'll find all the details on our shipping page."</p>
      </div>
      <div className="mk-example">
        <p><strong>Comment:</strong> "Can I get a custom engraving on the gift set?"</p>
        <p><strong>Low confidence, escalated:</strong> "Great question! Our team will get back to you shortly."</p>
      </div>
    </UseCaseLayout>
  );
}
