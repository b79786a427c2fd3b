/** The analyser port (design D6): one interface, two providers (embedded, OpenAI). */
import type { AiDecision } from '@cg/shared';

export interface CommentInput {
  id: string;
  content: string;
  authorName: string;
  platform: 'facebook' | 'instagram';
}

export interface BrandContext {
  businessName: string;
  tone?: 'friendly' | 'professional' | 'playful';
  /** Language of replies to comments in a language the analyser does not support (ISO 639-1; default en). */
  defaultLanguage?: string;
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
