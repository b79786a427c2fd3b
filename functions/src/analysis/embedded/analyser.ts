/** The embedded analyser (default provider): language, cues, classifier, decision policy, replies. */
import { AiDecision } from '@cg/shared';
import { AnalysisError, type Analyser, type BrandContext, type CommentInput } from '../port.js';
import { detect } from './language.js';
import { loadModel } from './model-store.js';
import { decide } from './policy.js';
import { cues, withoutPageTag } from './rules.js';

export class EmbeddedAnalyser implements Analyser {
  readonly provider = 'embedded';

  async warm(): Promise<void> {
    await loadModel();
  }

  async analyse(comments: CommentInput[], brand: BrandContext): Promise<AiDecision[]> {
    const { classifier, version } = await loadModel();
    return comments.map((comment) => {
      // A tag of the page itself addresses the page: what follows it is the comment ("@Acme do you ship to Spain?").
      const text = withoutPageTag(comment.content, brand.businessName);
      const found = cues(text, brand.domains ?? []);
      const language = detect(text);
      const decision = decide({
        comment, brand, cues: found, language, version,
        classification: classifier.classify(text, language.language, found, language.englishLike, language.mixedHindi),
      });
      const parsed = AiDecision.safeParse(decision);
      if (!parsed.success) throw new AnalysisError(`embedded decision for ${comment.id} failed validation: ${parsed.error.message}`);
      return parsed.data;
    });
  }
}
