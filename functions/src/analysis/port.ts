/** The analyser port (design D6): one interface, two providers (embedded, OpenAI). */
import type { AiDecision, BrandVoice, KnowledgeEntryInput } from '@cg/shared';

export interface CommentInput {
  id: string;
  content: string;
  authorName: string;
  platform: 'facebook' | 'instagram';
  /** The text of the post or ad the comment is on, when known (context, never instructions). */
  postText?: string;
}

export interface BrandContext {
  businessName: string;
  /** How replies sound (tone, sign-off, emoji, banned words, address, default language); defaults when absent. */
  voice?: Partial<BrandVoice>;
  /** The brand's question → answer entries; a question is answered from the best match. */
  knowledge?: KnowledgeEntryInput[];
  /** The brand's own domains: links to them are not "unknown". */
  domains?: string[];
}

export interface Analyser {
  readonly provider: string;
  /** One validated decision per comment, in the same order as `comments`. */
  analyse(comments: CommentInput[], brand: BrandContext): Promise<AiDecision[]>;
}

/** A provider's answer could not be turned into valid decisions (schema, refusal, missing ids). */
export class AnalysisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AnalysisError';
  }
}
