import { startTokenRefresh, stopTokenRefresh } from './refresh-scheduler';
import { clearAccessToken, setAccessToken } from './token-store';

/** After a successful login: store the token and keep it fresh. */
export function startSession(accessToken: string): void {
  setAccessToken(accessToken);
  startTokenRefresh();
}

/** Logout or a refresh that failed for good: forget the token and stop the timer. */
export function endSession(): void {
  stopTokenRefresh();
  clearAccessToken();
}
