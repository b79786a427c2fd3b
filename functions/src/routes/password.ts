/** Routes: password reset by mailed code (public) and email verification (signed in). */
import { refuseCommonPassword } from '../auth/common-passwords.js';
import { requireUser, throttle } from '../domain/accounts.js';
import * as verification from '../domain/verification.js';
import type { RouteImpls } from '../http/router.js';

export function passwordRoutes(deps: verification.VerificationDeps): RouteImpls {
  return {
    // Always the same answer, whether or not the address has an account (no account enumeration).
    forgotPassword: async ({ body, ip }) => {
      await throttle('forgot', ip, body.email);
      await verification.requestPasswordReset(deps, body.email);
      return { body: { ok: true } };
    },
    resetPassword: async ({ body, ip }) => {
      await throttle('reset', ip, body.email);
      refuseCommonPassword(body.password);
      await verification.resetPassword(deps, body);
      return { body: { ok: true } };
    },
    verifyEmail: async ({ userId, workspaceId, body }) => {
      await verification.verifyEmail(deps, userId, body.code);
      return { body: await requireUser(userId, workspaceId) };
    },
    resendVerification: async ({ userId, ip }) => {
      await throttle('verify-resend', ip, userId);
      await verification.resendVerification(deps, userId);
      return { body: { ok: true } };
    },
  };
}
