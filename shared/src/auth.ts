/** Password policy, declared once: the Cognito pool (CDK), the server's check and the Register screen use it. */
export const PASSWORD_POLICY = { minLength: 8, requireLowercase: true, requireUppercase: true, requireDigits: true, requireSymbols: false } as const;

/** The rules a password breaks, as sentences a person can act on (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  const p = PASSWORD_POLICY;
  const out: string[] = [];
  if (password.length < p.minLength) out.push(`Password must be at least ${p.minLength} characters long`);
  if (p.requireLowercase && !/[a-z]/.test(password)) out.push('Password must contain a lowercase letter');
  if (p.requireUppercase && !/[A-Z]/.test(password)) out.push('Password must contain an uppercase letter');
  if (p.requireDigits && !/[0-9]/.test(password)) out.push('Password must contain a number');
  return out;
}

/** Refusal of a password on the server's common-password list (functions/src/auth/common-passwords.ts). */
export const COMMON_PASSWORD = 'This password is too common. Choose another.';

/** Session cookie names. */
export const COOKIES = { access: 'cg_at', refresh: 'cg_rt', session: 'cg_sid' } as const;
