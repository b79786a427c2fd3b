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

/** A comment with the brand it is analysed for (a batch may hold several brands). */
export interface AnalysisItem { comment: CommentInput; brand: BrandContext }

export interface Analyser {
  readonly provider: string;
  /** One validated decision per comment, in the same order as `comments`. */
  analyse(comments: CommentInput[], brand: BrandContext): Promise<AiDecision[]>;
  /**
   * Comments of several brands at once, one decision per item in order: a provider that sends
   * requests (OpenAI) batches across brands with it. Without it, callers group by brand.
   */
  analyseItems?(items: AnalysisItem[]): Promise<AiDecision[]>;
  /** Loads what the first call would otherwise wait for (the embedded model), during the function's init. */
  warm?(): Promise<void>;
}

/** One decision per item: through `analyseItems` when the provider has it, else one `analyse` per brand. */
export async function analyseItems(analyser: Analyser, items: AnalysisItem[]): Promise<AiDecision[]> {
  if (analyser.analyseItems) return analyser.analyseItems(items);
  const out = new Array<AiDecision>(items.length);
  const byBrand = new Map<BrandContext, number[]>();
  items.forEach((item, i) => byBrand.set(item.brand, [...(byBrand.get(item.brand) ?? []), i]));
  for (const [brand, indexes] of byBrand) {
    const decisions = await analyser.analyse(indexes.map((i) => items[i]!.comment), brand);
    indexes.forEach((i, k) => (out[i] = decisions[k]!));
  }
  return out;
}

/** A provider's answer could not be turned into valid decisions (schema, refusal, missing ids). */
export class AnalysisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AnalysisError';
  }
}
