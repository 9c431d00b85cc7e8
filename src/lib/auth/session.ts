import { startTokenRefresh, stopTokenRefresh } from './refresh-scheduler';
import { clearSignUpPending, markSignUpPending } from './sign-up-pending';
import { clearAccessToken, setAccessToken } from './token-store';

/**
 * After a successful login: store the token and keep it fresh. `signUpPending` is the login's
 * answer (`isNewUser`): the app shell keeps such a member on the profile wizard.
 */
export function startSession(accessToken: string, { signUpPending = false }: { signUpPending?: boolean } = {}): void {
  setAccessToken(accessToken);
  if (signUpPending) markSignUpPending();
  else clearSignUpPending();
  startTokenRefresh();
}

/** Logout or a refresh that failed for good: forget the token and stop the timer. */
export function endSession(): void {
  stopTokenRefresh();
  clearSignUpPending();
  clearAccessToken();
}
