import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { dismissInstall, promptInstall, useInstallAvailable } from '../../../lib/install-prompt';
import { dismissNotificationPrompt, enablePush, useNotificationPromptWanted } from '../../../lib/push';
import * as styles from './home-prompts.css';

/** Not on first paint: the prompts come a moment after the home screen settled. */
const PROMPT_DELAY_MS = 2500;

/**
 * One small prompt at a time on the home screen: "홈 화면에 추가" (second visit on, when the
 * browser offers installation), else "알림 받기" (push configured, permission not asked yet).
 * Both are dismissible and the dismissal is remembered. It sits in the page, above 다가오는 약속,
 * and pushes what follows down: floating over the tab bar it covered that section at 390×844.
 */
export function HomePrompts() {
  const [settled, setSettled] = useState(false);
  const install = useInstallAvailable();
  const notifications = useNotificationPromptWanted();
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!settled) return null;
  if (install) {
    return (
      <div className={styles.prompt} role="region" aria-label="앱 설치">
        <span>런치챗을 홈 화면에 추가하고 앱처럼 써 보세요.</span>
        <div className={styles.promptActions}>
          <Button size="md" variant="ghost" onClick={dismissInstall}>
            닫기
          </Button>
          <Button size="md" onClick={() => void promptInstall()}>
            홈 화면에 추가
          </Button>
        </div>
      </div>
    );
  }
  if (notifications) {
    return (
      <div className={styles.prompt} role="region" aria-label="알림 설정">
        <span>런치챗 요청과 수락을 알림으로 받아 보세요.</span>
        <div className={styles.promptActions}>
          <Button size="md" variant="ghost" onClick={dismissNotificationPrompt}>
            나중에
          </Button>
          <Button size="md" onClick={() => void enablePush()}>
            알림 받기
          </Button>
        </div>
      </div>
    );
  }
  return null;
}
