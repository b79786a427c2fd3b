/**
 * Common passwords refused (issue 9, item 5) with Mozilla's maintained list (fxa-common-password-list,
 * the 50,000 most common). It ships beside the bundle (infra/lib/packaging.ts) and loads on first use.
 */
import { createRequire } from 'node:module';
import { COMMON_PASSWORD } from '@cg/shared';
import { Invalid } from '../domain/errors.js';

let list: { test(password: string): boolean } | undefined;

function commonList(): { test(password: string): boolean } {
  list ??= createRequire(import.meta.url)('fxa-common-password-list') as { test(password: string): boolean };
  return list;
}

/** True when the password, as typed or in lower case, is on the list ("Password1" is "password1"). */
export function isCommonPassword(password: string): boolean {
  const l = commonList();
  return l.test(password) || l.test(password.toLowerCase());
}

/** A 400 on the password field for a common password. */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new Invalid(COMMON_PASSWORD, [{ field: 'password', message: COMMON_PASSWORD }]);
}
