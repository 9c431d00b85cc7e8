import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';

const GOOGLE_AUTHORIZE = 'https://accounts.google.com/o/oauth2/v2/auth';
const GOOGLE_TOKEN = 'https://oauth2.googleapis.com/token';
const GOOGLE_JWKS = createRemoteJWKSet(new URL('https://www.googleapis.com/oauth2/v3/certs'));

const tokenResponse = z.object({ id_token: z.string() });
const idClaims = z.object({ email: z.string().email(), email_verified: z.boolean().optional(), name: z.string().optional() });

export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
}

export function googleAuthorizeUrl(config: GoogleConfig, redirectUri: string, state: string): string {
  const url = new URL(GOOGLE_AUTHORIZE);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'email profile',
    access_type: 'offline',
    state,
  }).toString();
  return url.toString();
}

/** Authorization-code exchange, then the ID token is verified against Google's keys (not trusted as-is). */
export async function exchangeGoogleCode(config: GoogleConfig, code: string, redirectUri: string): Promise<{ email: string; name: string } | undefined> {
  const response = await fetch(GOOGLE_TOKEN, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      code,
      client_id: config.clientId,
      client_secret: config.clientSecret,
      redirect_uri: redirectUri,
      grant_type: 'authorization_code',
    }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return undefined;
  const token = tokenResponse.safeParse(await response.json());
  if (!token.success) return undefined;
  const { payload } = await jwtVerify(token.data.id_token, GOOGLE_JWKS, {
    issuer: ['https://accounts.google.com', 'accounts.google.com'],
    audience: config.clientId,
  });
  const claims = idClaims.safeParse(payload);
  if (!claims.success || claims.data.email_verified === false) return undefined;
  return { email: claims.data.email.toLowerCase(), name: claims.data.name ?? '' };
}
