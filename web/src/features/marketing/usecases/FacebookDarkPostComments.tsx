import { Checks, UseCaseLayout } from './UseCaseLayout';

export default function FacebookDarkPostComments() {
  return (
    <UseCaseLayout
      meta={{
        title: 'Facebook Dark Post Comment Moderation | Pagewarden',
        description: 'Moderate comments on Facebook and Instagram ads, including unpublished dark posts that never appear on your page feed. AI analysis, drafted replies and human approval.',
        keywords: 'facebook dark post comments, dark post moderation, facebook ad comments, instagram ad comments, unpublished ads, ad comment moderation',
        path: '/facebook-dark-post-comments',
      }}
      eyebrow="Use case: ad comments"
      title="Moderate Facebook dark post and ad comments"
      lead="Dark posts are ads that are never published to your page feed, so their comments are easy to miss. Pagewarden brings comments from your ads, published or not, into the same moderation queue as your posts."
      faq={[
        { q: 'What is a dark post?', a: 'A dark post (an unpublished page post) is an ad creative that is shown only to the audience you target. It never appears on your page timeline, so comments on it do not show up where your team usually looks.' },
        { q: 'Which ads does Pagewarden cover?', a: 'Comments on the ads of the Facebook pages and Instagram accounts you connect, including unpublished dark posts, are fetched together with comments on your organic posts.' },
        { q: 'Can the AI delete or hide comments on my ads by itself?', a: 'The AI proposes a decision (reply, delete, hide or ignore) with its reasoning and a confidence score. A moderator approves, edits or overrides it, and only then is the action carried out on the platform.' },
        { q: 'Why hide instead of delete on an ad?', a: 'Hiding keeps the comment visible to its author and their friends but not to everyone else, so it removes spam or abuse from your ad without provoking the author. Deleting removes it for everyone.' },
        { q: 'How do I tell ad comments apart from post comments?', a: 'Each comment keeps its platform and the post or ad it belongs to, so your team knows where a reply will appear before approving it.' },
      ]}
      cta={{ title: 'Bring your ad comments into one queue', text: 'Connect your pages and see comments from your ads and dark posts next to everything else.' }}
    >
      <h2>Why ad comments slip through</h2>
      <p>
        Ads collect comments from people who have never visited your page: buying questions, complaints, spam links and sometimes outright abuse.
        When the ad is a dark post, those comments live only on the ad itself. They are not in your page feed, and they are easy to forget once the campaign is running.
      </p>
      <p>Unanswered questions cost sales, and a toxic thread under an ad you are paying to show costs you twice.</p>
      <h2>How Pagewarden handles them</h2>
      <Checks
        items={[
          <><strong>Fetched with everything else.</strong> Comments on ads, including unpublished dark posts, are synced from the pages and Instagram accounts you connect.</>,
          <><strong>Analysed like any comment.</strong> Each one is checked for sentiment, spam and offensive content.</>,
          <><strong>A proposed decision.</strong> Reply, delete, hide or ignore, with the AI's reasoning and a confidence score.</>,
          <><strong>A drafted reply.</strong> Questions under an ad get a suggested answer your team can approve or edit.</>,
          <><strong>Human approval.</strong> Nothing is posted, hidden or deleted on your ad until a moderator says so.</>,
        ]}
      />
      <div className="mk-example">
        <p><strong>Comment on a dark-post ad:</strong> "Does this come in a larger size?"</p>
        <p><strong>Proposed decision:</strong> Reply, with a drafted answer pointing to the size guide, waiting for approval.</p>
      </div>
      <div className="mk-example">
        <p><strong>Comment on the same ad:</strong> "Cheap followers here → bit.ly/…"</p>
        <p><strong>Proposed decision:</strong> Delete (spam), with the reasoning shown to the moderator.</p>
      </div>
    </UseCaseLayout>
  );
}
