import { endSession } from './session';
import { ACCOUNT_DISABLED_CODE, noteSignedOutReason } from './signed-out-reason';

/**
 * The server refused this account (a REST 403 or a chat ERROR frame with AUTH_403_DISABLED,
 * contract section 16): end the session at once — a refresh cannot help, the refresh tokens are
 * revoked — and leave the reason for the sign-in screen, with the end of a timed suspension
 * (`suspendedUntil`, ISO, as the server gave it) so the screen says until when.
 */
export function endDisabledSession(suspendedUntil?: string): void {
  noteSignedOutReason(ACCOUNT_DISABLED_CODE, suspendedUntil);
  endSession();
}
