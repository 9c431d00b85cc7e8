import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { PushService } from './lib/push';
import type { AccessTokens } from './modules/auth/tokens';

/** The caller of an authenticated route, loaded once per request by the guard. */
export interface Member {
  id: number;
  email: string;
  universityId: number;
  status: string;
  /** Access-token expiry, epoch ms. */
  tokenExpiresAt: number;
  /** The sign-in session of the token (refresh-token family), when the token names one. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    member?: Member;
  }
  interface FastifyInstance {
    /** Every route the app registered (method, path pattern): tests walk them all. */
    registeredRoutes: { method: string; url: string }[];
  }
}

/** What every module gets: shared, long-lived parts built once in createApp. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: AccessTokens;
  /** Device push (contract section 12): `ctx.push.notifyPush(...)` after the transaction committed. */
  push: PushService;
  /** Verifies the bearer token and loads the member; throws the contract's 401/403. */
  authenticate(authorization: string | string[] | undefined): Promise<Member>;
  /** Origins a browser may call from (CORS, WebSocket upgrade, redirect targets). */
  isAllowedOrigin(origin: string, request?: FastifyRequest): boolean;
  /** The app's own origin as the browser sees it (proxy-aware). */
  requestOrigin(request: FastifyRequest): string;
}

export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw new Error('route registered without the member guard');
  return request.member;
}
