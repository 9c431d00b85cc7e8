import { errors, jwtVerify, SignJWT } from 'jose';
import { accessClaimsSchema } from '../../../contract/auth';
import { AppError } from '../../lib/http';

export interface AccessPrincipal {
  memberId: number;
  email: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The sign-in session (refresh-token family): logging out of it ends the token at once. */
  sessionId?: string;
}

/** HS256 access tokens: short-lived, claims per contract section 2. */
export class AccessTokens {
  /**
   * Imported once: given the raw bytes, jose imports the key again on every call, which was
   * ~60 % of a verify (160 → 67 µs of CPU per request with the imported key).
   */
  private readonly key: ReturnType<typeof crypto.subtle.importKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(memberId: number, email: string, ttlSeconds = this.ttlSeconds, sessionId?: string): Promise<string> {
    return new SignJWT({ email, type: 'access', ...(sessionId ? { sid: sessionId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(memberId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(await this.key);
  }

  /** Throws the contract's 401 codes: expired, malformed (bad signature or claims). */
  async verify(token: string): Promise<AccessPrincipal> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] });
      const claims = accessClaimsSchema.safeParse(payload);
      if (!claims.success) throw new AppError('TOKEN_401_ACCESS_MALFORMED');
      return { memberId: Number(claims.data.sub), email: claims.data.email, expiresAt: claims.data.exp * 1000, sessionId: claims.data.sid };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof errors.JWTExpired) throw new AppError('TOKEN_401_ACCESS_EXPIRED');
      throw new AppError('TOKEN_401_ACCESS_MALFORMED');
    }
  }
}

/** Reads `Authorization: Bearer …` (header name case-insensitive by HTTP; scheme too). */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(\S+)$/i.exec(value?.trim() ?? '');
  return match?.[1];
}
