/** Auth state outside React, shared by the HTTP client, the app shell and the chat socket. */
export { ACCESS_TOKEN_KEY, clearAccessToken, getAccessToken, onAuthChange, setAccessToken } from './token-store';
export { tokenExpiresAt, tokenMemberId } from './jwt';
export { ensureFreshToken, isRefreshing, REFRESH_LEAD_MS, refreshAccessToken } from './refresh';
export { INSIDE_WINDOW_DELAY_MS, RECHECK_DELAY_MS, startTokenRefresh, stopTokenRefresh } from './refresh-scheduler';
export { endSession, startSession } from './session';
