import { koreanDateTime } from '../../../contract/seoul-time';

/**
 * Why the last session ended, for the sign-in screen (one tiny import: that screen is the
 * signed-out first screen and stays small). sessionStorage: it survives the move to the sign-in
 * screen and a reload of it, not the tab.
 */
const KEY = 'lunchchat:signed-out-reason';
/** A timed suspension's end (section 16, extension 정지 기간), as the server's refusal gave it. */
const UNTIL_KEY = 'lunchchat:signed-out-until';

export const ACCOUNT_DISABLED_CODE = 'AUTH_403_DISABLED';
/** A suspended student's sign-in was refused: no session had started, so none "ended". */
export const SIGN_IN_DISABLED_REASON = 'AUTH_403_DISABLED:sign-in';

/** Contract section 16: what a suspended student reads on the sign-in screen. */
const MESSAGES: Record<string, string> = {
  [ACCOUNT_DISABLED_CODE]: '운영자에 의해 이용이 정지된 계정이에요. 로그아웃되었어요.',
  [SIGN_IN_DISABLED_REASON]: '운영자에 의해 이용이 정지된 계정이라 로그인할 수 없어요.',
};

/**
 * A suspension that ends by itself, at a refused sign-in or when it signs an open app out: when, so
 * the student knows when to come back (the same words in both cases: either way they are at the
 * sign-in screen and may sign in again then).
 */
const suspendedUntilText = (untilMs: number) => `운영자에 의해 ${koreanDateTime(untilMs)}까지 이용이 정지된 계정이에요. 그 뒤에 다시 로그인해 주세요.`;

/** `suspendedUntil`: the ISO end of a timed suspension (AUTH_403_DISABLED's `result`), when there is one. */
export function noteSignedOutReason(code: typeof ACCOUNT_DISABLED_CODE | typeof SIGN_IN_DISABLED_REASON, suspendedUntil?: string): void {
  try {
    sessionStorage.setItem(KEY, code);
    if (suspendedUntil === undefined) sessionStorage.removeItem(UNTIL_KEY);
    else sessionStorage.setItem(UNTIL_KEY, suspendedUntil);
  } catch {
    // Storage refused (private mode): the sign-out still happens, without the explanation.
  }
}

/** The reason the last session ended, once: the sign-in screen shows it and it is gone. */
export function takeSignedOutReason(): string | null {
  try {
    const code = sessionStorage.getItem(KEY);
    const until = Date.parse(sessionStorage.getItem(UNTIL_KEY) ?? '');
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(UNTIL_KEY);
    // Stored data is checked by hand: only a real instant names an end.
    if ((code === SIGN_IN_DISABLED_REASON || code === ACCOUNT_DISABLED_CODE) && Number.isFinite(until)) return suspendedUntilText(until);
    return (code && MESSAGES[code]) ?? null;
  } catch {
    return null;
  }
}
