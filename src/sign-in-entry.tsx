import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInShell } from './components/shell/sign-in-shell';
import { LoginScreen } from './features/auth';

/** The signed-out first screen: React and the sign-in screen only (see main.tsx). */
export function startSignIn(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <SignInShell>
        <LoginScreen />
      </SignInShell>
    </StrictMode>,
  );
}
