/** The embedded analyser (default provider): local classifier + language detection + reply templates. */
import { AiDecision } from '@cg/shared';
import { AnalysisError, type Analyser, type BrandContext, type CommentInput } from '../port.js';
import { detectLanguage } from './language.js';
import { loadModel } from './model-store.js';
import { decide } from './policy.js';
import { cues } from './rules.js';

export class EmbeddedAnalyser implements Analyser {
  readonly provider = 'embedded';

  async analyse(comments: CommentInput[], brand: BrandContext): Promise<AiDecision[]> {
    const { classifier, version } = await loadModel();
    return comments.map((comment) => {
      const decision = decide({
        comment,
        brand,
        classification: classifier.classify(comment.content),
        cues: cues(comment.content),
        language: detectLanguage(comment.content),
        version,
      });
      const parsed = AiDecision.safeParse(decision);
      if (!parsed.success) throw new AnalysisError(`embedded decision for ${comment.id} failed validation: ${parsed.error.message}`);
      return parsed.data;
    });
  }
}
