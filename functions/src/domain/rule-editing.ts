/**
 * Rules (issue 11 item 1): create, update, delete, with what the contract's schema cannot check
 * (safe regular expressions, that the saved reply, member and brand exist). Apart from the engine
 * (rules.ts), so the functions that only run rules (analyser, Meta events, automation) leave the
 * pattern checker (safe-regex2) out of their bundles.
 */
import { randomUUID } from 'node:crypto';
import safeRegex from 'safe-regex2';
import { MAX_REGEX_LENGTH, type Rule, type RuleInput } from '@cg/shared';
import { Invalid, Missing } from './errors.js';
import { requireRule } from './rules.js';
import { stores } from './store-port.js';

const ruleStore = stores.rules;

/** Refuses patterns that do not compile, are too long, or could backtrack catastrophically (nested quantifiers, too many repetitions). */
export function assertSafePattern(pattern: string, field = 'pattern'): void {
  if (pattern.length > MAX_REGEX_LENGTH) throw new Invalid(`The regular expression is too long (at most ${MAX_REGEX_LENGTH} characters).`, [{ field, message: 'too long' }]);
  try {
    new RegExp(pattern, 'i');
  } catch (err) {
    throw new Invalid(`The regular expression does not compile: ${(err as Error).message}`, [{ field, message: 'does not compile' }]);
  }
  if (/\\[1-9]|\\k</.test(pattern) || !safeRegex(pattern, { limit: 10 })) {
    throw new Invalid('The regular expression could take forever on some comments (nested quantifiers such as (a+)+, backreferences or too many repetitions): simplify it.', [{ field, message: 'unsafe pattern' }]);
  }
}

/** What the contract's schema cannot check: safe patterns, and that the brand, saved reply and member exist. */
async function validate(workspaceId: string, input: RuleInput): Promise<void> {
  input.conditions.forEach((c, i) => { if (c.type === 'regex') assertSafePattern(c.pattern, `conditions.${i}.pattern`); });
  const a = input.action;
  if ((a.type === 'reply' || a.type === 'private_reply') && a.savedReplyId && !(await ruleStore.getSavedReply(workspaceId, a.savedReplyId))) {
    throw new Invalid(`There is no saved reply ${a.savedReplyId} in this workspace: create it first (POST /api/saved-replies).`, [{ field: 'action.savedReplyId', message: 'unknown saved reply' }]);
  }
  if (a.type === 'assign' && !(await stores.workspaces.getMember(workspaceId, a.memberId))) {
    throw new Invalid(`${a.memberId} is not a member of this workspace.`, [{ field: 'action.memberId', message: 'unknown member' }]);
  }
  if (input.brandId) {
    const accounts = await stores.accounts.listAccounts(workspaceId);
    if (!accounts.some((x) => x.id === input.brandId || x.brandId === input.brandId)) {
      throw new Invalid(`There is no brand ${input.brandId} in this workspace (give its Facebook page id or one of its accounts' ids, or null for every brand).`, [{ field: 'brandId', message: 'unknown brand' }]);
    }
  }
}

export async function createRule(workspaceId: string, input: RuleInput): Promise<Rule> {
  await validate(workspaceId, input);
  const existing = await ruleStore.listRules(workspaceId);
  if (existing.length >= 200) throw new Invalid('A workspace can have at most 200 rules.');
  const now = new Date().toISOString();
  const rule: Rule = {
    id: randomUUID(), name: input.name, brandId: input.brandId ?? null, mode: input.mode, conditions: input.conditions, action: input.action,
    order: input.order ?? (existing.length ? Math.max(...existing.map((r) => r.order)) + 1 : 0), createdAt: now, updatedAt: now,
  };
  await ruleStore.putRule(workspaceId, rule);
  return rule;
}

export async function updateRule(workspaceId: string, id: string, input: RuleInput): Promise<Rule> {
  const before = await requireRule(workspaceId, id);
  await validate(workspaceId, input);
  const rule: Rule = {
    ...before, name: input.name, brandId: input.brandId ?? null, mode: input.mode, conditions: input.conditions, action: input.action,
    order: input.order ?? before.order, updatedAt: new Date().toISOString(),
  };
  await ruleStore.putRule(workspaceId, rule);
  return rule;
}

export async function deleteRule(workspaceId: string, id: string): Promise<void> {
  if (!(await ruleStore.deleteRule(workspaceId, id))) throw new Missing('Rule not found');
}
