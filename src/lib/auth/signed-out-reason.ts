/**
 * Why the last session ended, for the sign-in screen (no imports: that screen is the signed-out
 * first screen and stays small). sessionStorage: it survives the move to the sign-in screen and a
 * reload of it, not the tab.
 */
const KEY = 'lunchchat:signed-out-reason';

export const ACCOUNT_DISABLED_CODE = 'AUTH_403_DISABLED';
/** A suspended student's sign-in was refused: no session had started, so none "ended". */
export const SIGN_IN_DISABLED_REASON = 'AUTH_403_DISABLED:sign-in';

/** Contract section 16: what a suspended student reads on the sign-in screen. */
const MESSAGES: Record<string, string> = {
  [ACCOUNT_DISABLED_CODE]: '운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.',
  [SIGN_IN_DISABLED_REASON]: '운영자에 의해 이용이 정지된 계정이라 로그인할 수 없어요.',
};

export function noteSignedOutReason(code: typeof ACCOUNT_DISABLED_CODE | typeof SIGN_IN_DISABLED_REASON): void {
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
    return (code && MESSAGES[code]) ?? null;
  } catch {
    return null;
  }
}
