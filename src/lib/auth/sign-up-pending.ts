import { tokenMemberId } from './jwt';
import { getAccessToken } from './token-store';

/**
 * Which signed-in member has not finished sign-up (the 5-step wizard), so the app shell keeps them
 * on the wizard instead of showing screens whose every call answers 403 AUTH_403_SIGNUP. Known
 * from the login answer (`isNewUser`, contract section 2) and from any such 403; forgotten when
 * sign-up succeeds or the session ends. localStorage, beside the token: reopening the installed
 * app (no network needed) must land on the wizard again. The member id is stored, so a mark left
 * by another member who signed in on this device never applies.
 */
const KEY = 'lunchchat:sign-up-pending';
/** The contract's code for a call an unfinished sign-up may not make (contract section 10). */
export const SIGN_UP_REQUIRED_CODE = 'AUTH_403_SIGNUP';

type Listener = () => void;
const listeners = new Set<Listener>();
let storageListenerAttached = false;

function emit(): void {
  for (const listener of [...listeners]) listener();
}

function write(memberId: string | null): void {
  try {
    if (memberId === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, memberId);
  } catch {
    // Storage refused (private mode): the 403s still send the student to the wizard, one by one.
  }
  emit();
}

/** True when the stored token's member has not finished sign-up. */
export function isSignUpPending(): boolean {
  const member = tokenMemberId(getAccessToken());
  if (member === null) return false;
  try {
    return globalThis.localStorage?.getItem(KEY) === member;
  } catch {
    return false;
  }
}

/** The signed-in member has not finished sign-up (a login said so, or the server refused a call). */
export function markSignUpPending(): void {
  const member = tokenMemberId(getAccessToken());
  if (member !== null && !isSignUpPending()) write(member);
}

/** Sign-up finished, a returning member signed in, or the session ended. */
export function clearSignUpPending(): void {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    return;
  }
  if (stored !== null) write(null);
}

/** Called whenever the mark changes, in this tab or another one. Returns the unsubscribe function. */
export function onSignUpPendingChange(listener: Listener): () => void {
  listeners.add(listener);
  if (!storageListenerAttached && typeof window !== 'undefined') {
    storageListenerAttached = true;
    window.addEventListener('storage', (event) => {
      if (event.key === KEY || event.key === null) emit();
    });
  }
  return () => {
    listeners.delete(listener);
  };
}
