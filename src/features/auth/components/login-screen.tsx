import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LogoMark } from '../../../components/ui/logo';
import { takeSignedOutReason } from '../../../lib/auth/signed-out-reason';
import { authorizeUrl } from '../../../lib/config';
import * as styles from './login-screen.css';

/**
 * Spec section 4: one more element every 500 ms, 5 steps — the tagline, then the button, then the
 * hint. The introduction text is not one of them and shows with the logo: it is the largest
 * thing on the screen, and holding it back held back the first meaningful paint by seconds.
 */
const STEP_MS = 500;
const LAST_STEP = 4;

function useStagedSteps(): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (step >= LAST_STEP) return;
    const timer = setTimeout(() => setStep(step + 1), STEP_MS);
    return () => clearTimeout(timer);
  }, [step]);
  return step;
}

/** Spec "Login screen" (/onboarding). The button hands the browser to the server's authorize page. */
export function LoginScreen() {
  const step = useStagedSteps();
  // Why the app just signed out (a suspended account), read once.
  const [reason] = useState(takeSignedOutReason);
  const stage = (from: number) => [styles.stage, step >= from ? styles.shown : ''].join(' ');
  return (
    <div className={styles.root}>
      <div className={styles.hero}>
        <LogoMark size="lg" animated />
        <h1 className={styles.name}>런치챗</h1>
        <p className={stage(1)}>
          <span className={styles.tagline}>Lunch with Insight!</span>
        </p>
        <p className={styles.description}>{'혼밥하기 싫은 점심, 애매하게 빈 공강 시간에\n관심사가 비슷한 친구나 선배와\n편하게 이야기해 보세요.'}</p>
      </div>
      <div className={styles.bottom}>
        {reason ? (
          <p className={styles.notice} role="alert">
            {reason}
          </p>
        ) : null}
        <Button
          block
          className={stage(3)}
          onClick={() => {
            window.location.href = authorizeUrl();
          }}
        >
          학교 이메일로 로그인
        </Button>
        <p className={[styles.hint, stage(4)].join(' ')}>학교 이메일 계정으로 로그인해 주세요</p>
      </div>
    </div>
  );
}
