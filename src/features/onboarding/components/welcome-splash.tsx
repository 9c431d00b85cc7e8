import { useEffect, useState } from 'react';
import { LogoMark } from '../../../components/ui/logo';
import { Spinner } from '../../../components/ui/spinner';
import * as styles from './welcome-splash.css';
import { useLatest } from '../../../lib/use-latest';

/** Spec section 4: a new line every 500 ms, fade at 3 s, leave at 3.5 s. */
const STEP_MS = 500;
const LAST_PHASE = 3;
const FADE_AT_MS = 3000;
const FINISH_AT_MS = 3500;

interface WelcomeSplashProps {
  /** University display name; empty when unknown. */
  universityName: string;
  /** True while the university name loads (the spinner shows, the timeline waits). */
  loading: boolean;
  memberName?: string;
  onFinish: () => void;
}

/** Spec "Welcome splash" (/onboarding/complete). */
export function WelcomeSplash({ universityName, loading, memberName, onFinish }: WelcomeSplashProps) {
  const [phase, setPhase] = useState(0);
  const [fading, setFading] = useState(false);
  const finish = useLatest(onFinish);

  useEffect(() => {
    if (loading) return;
    const timers = [
      ...Array.from({ length: LAST_PHASE }, (_, index) => setTimeout(() => setPhase(index + 1), STEP_MS * (index + 1))),
      setTimeout(() => setFading(true), FADE_AT_MS),
      setTimeout(() => finish.current(), FINISH_AT_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [loading, finish]);

  if (loading) {
    return (
      <div className={styles.root}>
        <Spinner tone="light" label="학교 정보를 불러오는 중이에요" />
      </div>
    );
  }

  const stage = (from: number) => [styles.stage, phase >= from ? styles.shown : ''].join(' ');
  return (
    <div className={[styles.root, fading ? styles.fading : ''].join(' ')} aria-live="polite">
      <div className={styles.brand}>
        <LogoMark size="lg" tone="inverse" animated />
        {universityName ? <p className={styles.university}>{universityName}</p> : null}
        <h1 className={styles.product}>런치챗</h1>
      </div>
      <p className={[styles.welcome, stage(1)].join(' ')}>{memberName ? `${memberName}님, 환영해요!` : '환영해요!'}</p>
      <p className={[styles.tagline, stage(2)].join(' ')}>Lunch with Insight!</p>
      <p className={[styles.text, stage(3)].join(' ')}>{'혼자 먹는 점심은 이제 그만!\n관심사가 비슷한 친구나 선배를\n런치챗에서 만나 보세요.'}</p>
    </div>
  );
}
