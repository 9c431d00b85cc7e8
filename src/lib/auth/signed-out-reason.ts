/**
 * Why the last session ended, for the sign-in screen (no imports: that screen is the signed-out
 * first screen and stays small). sessionStorage: it survives the move to the sign-in screen and a
 * reload of it, not the tab.
 */
const KEY = 'lunchchat:signed-out-reason';

export const ACCOUNT_DISABLED_CODE = 'AUTH_403_DISABLED';
/** Contract section 16: what a suspended student reads once signed out. */
const ACCOUNT_DISABLED_MESSAGE = '운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.';

export function noteSignedOutReason(code: typeof ACCOUNT_DISABLED_CODE): void {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (private mode): the sign-out still happens, without the explanation.
  }
}

/** The reason the last session ended, once: the sign-in screen shows it and it is gone. */
export function takeSignedOutReason(): string | null {
  try {
    const code = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return code === ACCOUNT_DISABLED_CODE ? ACCOUNT_DISABLED_MESSAGE : null;
  } catch {
    return null;
  }
}
