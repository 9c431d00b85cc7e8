import './styles/global.css';
import { getAccessToken } from './lib/auth/token-store';
import { captureInstallPrompt } from './lib/install-prompt';
import { registerServiceWorker } from './lib/register-sw';
import { isPublicPath } from './lib/router-context';
// Static: the sign-in screen is a few KB, and a cold visit should not wait for a second round trip.
import { startSignIn } from './sign-in-entry';

// Which build is running (the update flow and its test read it).
document.documentElement.dataset.appVersion = import.meta.env.VITE_APP_VERSION ?? 'dev';

registerServiceWorker();
captureInstallPrompt();

// zod probes `new Function` once to decide whether it may compile fast parsers; our CSP forbids
// eval, so the probe only ever produced a CSP violation report. zod adopts this shared config
// object when it loads, which happens after this line (nothing above imports it; the app entry
// below is a dynamic import). z.config() itself would run too late: schemas are built on import.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

// Signed out, every gated route ends at /onboarding anyway. That screen starts from a small entry
// (React and the sign-in screen; no router, query cache or schemas), so a first visit on a phone
// paints without downloading the app. Everything else starts the whole app.
const { pathname } = window.location;
if (!getAccessToken() && (pathname === '/onboarding' || !isPublicPath(pathname))) {
  if (pathname !== '/onboarding') window.history.replaceState(null, '', '/onboarding');
  startSignIn(root);
} else {
  const { startApp } = await import('./app-entry');
  await startApp(root);
}
