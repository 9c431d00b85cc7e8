import { useEffect, useRef } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { startSession } from '../../../lib/auth';
import { ACCOUNT_DISABLED_CODE, noteSignedOutReason, SIGN_IN_DISABLED_REASON } from '../../../lib/auth/signed-out-reason';
import { ApiError } from '../../../lib/http';
import { showToast } from '../../../lib/toast';
import { loginWithGoogleCode } from '../../../entities/session';
import * as styles from './login-callback.css';

export type LoginDestination = '/onboarding' | '/onboarding/profile' | '/onboarding/complete';

interface LoginCallbackProps {
  code?: string;
  state?: string;
  onNavigate: (to: LoginDestination) => void;
}

/** The existing product waits about 50 ms before sending a returning member to the splash. */
const EXISTING_MEMBER_DELAY_MS = 50;

/** Spec "Login callback": exchanges the IdP code for a session, then routes new vs returning members. */
export function LoginCallback({ code, state, onNavigate }: LoginCallbackProps) {
  // StrictMode runs effects twice; the exchange and the toasts must happen once. The toasts are
  // the shell's, so they stay on screen on the way back to /onboarding.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      showToast('구글 로그인에 실패했어요');
      onNavigate('/onboarding');
      return;
    }
    loginWithGoogleCode(code, state).then(
      ({ accessToken, isNewUser }) => {
        startSession(accessToken, { signUpPending: isNewUser });
        if (isNewUser) onNavigate('/onboarding/profile');
        else setTimeout(() => onNavigate('/onboarding/complete'), EXISTING_MEMBER_DELAY_MS);
      },
      (error: unknown) => {
        console.error('login failed', error);
        // A suspended account (contract section 16): the sign-in screen says why, as it does when
        // an open app is signed out, and until when for a 7- or 30-day one; a generic toast would
        // leave the student retrying.
        if (error instanceof ApiError && error.code === ACCOUNT_DISABLED_CODE) noteSignedOutReason(SIGN_IN_DISABLED_REASON, error.fieldErrors.suspendedUntil);
        else showToast('로그인 중 문제가 발생했어요');
        onNavigate('/onboarding');
      },
    );
  }, [code, state, onNavigate]);

  return (
    <div className={styles.root}>
      <Spinner label="로그인하는 중이에요" />
      <p aria-hidden="true">로그인하는 중이에요</p>
    </div>
  );
}
