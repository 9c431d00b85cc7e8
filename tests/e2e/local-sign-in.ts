import type { APIRequestContext } from '@playwright/test';

/**
 * Signs in through the server's local sign-in page as a browser does, and returns the access
 * token: /auth/authorize sets the state cookie, the form is posted with that state, the callback
 * checks the state and binds the code to this client (`oauth_code` cookie), and only then does
 * /auth/login/google exchange the code. The request context keeps the cookies between the steps.
 */
export async function localSignInToken(request: APIRequestContext, base: string, email: string, name: string): Promise<string> {
  const start = await request.get(`${base}/auth/authorize`, { maxRedirects: 0 });
  const state = new URL(start.headers().location!, base).searchParams.get('state') ?? '';
  const form = await request.post(`${base}/auth/local/authorize`, {
    form: { email, name, redirect_uri: '/auth/callback/google', state },
    maxRedirects: 0,
  });
  if (form.status() !== 302) throw new Error(`local sign-in refused: ${form.status()} ${await form.text()}`);
  const callback = await request.get(new URL(form.headers().location!, base).toString(), { maxRedirects: 0 });
  const code = new URL(callback.headers().location!, base).searchParams.get('code');
  if (!code) throw new Error(`the callback dropped the code: ${callback.headers().location}`);
  const login = await request.get(`${base}/auth/login/google?code=${encodeURIComponent(code)}`, { headers: { accept: 'application/json' } });
  const token = login.headers().access;
  if (!token) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  return token;
}
