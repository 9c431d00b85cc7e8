/** Auth state outside React, shared by the HTTP client, the app shell and the chat socket. */
export { clearAccessToken, getAccessToken, onAuthChange, setAccessToken } from './token-store';
export { tokenMemberId } from './jwt';
export { ensureFreshToken, refreshAccessToken } from './refresh';
export { startTokenRefresh, stopTokenRefresh } from './refresh-scheduler';
export { endSession, startSession } from './session';
export { endDisabledSession } from './account-disabled';
export { ACCOUNT_DISABLED_CODE } from './signed-out-reason';
export { clearSignUpPending, isSignUpPending, markSignUpPending, onSignUpPendingChange, SIGN_UP_REQUIRED_CODE } from './sign-up-pending';
