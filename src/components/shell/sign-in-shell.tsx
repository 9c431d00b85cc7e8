import type { ReactNode } from 'react';
import * as styles from './app-shell.css';
import { OfflineBanner } from './offline-banner';
import { UpdateToast } from './update-toast';

/**
 * The frame of a signed-out first visit (src/sign-in-entry.tsx): what AppShell shows around
 * /onboarding (no header, no tab bar, bare page), without the router it needs for the rest.
 */
export function SignInShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.frame}>
      <OfflineBanner />
      <main className={styles.content.bare}>{children}</main>
      <UpdateToast />
    </div>
  );
}
