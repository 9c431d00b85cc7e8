import { endSession } from './session';
import { ACCOUNT_DISABLED_CODE, noteSignedOutReason } from './signed-out-reason';

/**
 * The server refused this account (a REST 403 or a chat ERROR frame with AUTH_403_DISABLED,
 * contract section 16): end the session at once — a refresh cannot help, the refresh tokens are
 * revoked — and leave the reason for the sign-in screen.
 */
export function endDisabledSession(): void {
  noteSignedOutReason(ACCOUNT_DISABLED_CODE);
  endSession();
}
