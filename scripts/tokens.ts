/**
 * Token counts with OpenAI's own tokenizer (gpt-tokenizer, the o200k_base encoding of the GPT-5
 * family), for the bench and the fake OpenAI server; never shipped in a Lambda bundle.
 */
import { countTokens as count } from 'gpt-tokenizer/model/gpt-5.6-luna';

export const countTokens = (text: string): number => count(text);

/**
 * Prompt tokens of a chat request: the messages with their chat framing, plus the structured
 * output's JSON schema, which the API adds to the prompt (counted as its JSON text: an estimate of
 * OpenAI's own rendering of it).
 */
export function countChatTokens(messages: ReadonlyArray<{ role: string; content: string }>, responseFormat?: unknown): number {
  const chat = count(messages.map((m) => ({ role: m.role as 'system' | 'user' | 'assistant', content: m.content })));
  return chat + (responseFormat ? count(JSON.stringify(responseFormat)) : 0);
}
