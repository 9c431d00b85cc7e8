import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_HEADER,
  googleCallbackQuerySchema,
  localAuthorizeFormSchema,
  localAuthorizeQuerySchema,
  LOGIN_SUCCESS_RESULT,
  loginCodeQuerySchema,
  loginResultSchema,
  LOGOUT_SUCCESS_RESULT,
  logoutResultSchema,
  NEW_USER_RESULT,
  REFRESH_COOKIE,
  reissueResultSchema,
  SIGNUP_SUCCESS_RESULT,
  signUpBodySchema,
  signUpResultSchema,
  UNKNOWN_UNIVERSITY_NAME,
} from '../../../contract/auth';
import type { AppContext } from '../../context';
import { currentMember } from '../../context';
import { timingSafeEqual } from 'node:crypto';
import { randomToken, sha256 } from '../../lib/crypto';
import { AppError, isNavigation, ok, parse } from '../../lib/http';
import { okResponse, redirectResponse, textResponse, typed } from '../../lib/route-schemas';
import { z } from 'zod';
import { googleAuthorizeUrl } from './google';
import { LOCAL_PAGE_CSS, localSignInPage } from './local-page';
import { authRepo } from './repo';
import { authService, type CampusLookup, type Session } from './service';

const CALLBACK_PATH = '/auth/callback/google';
const APP_LOGIN_PATH = '/auth/login/google';
const STATE_COOKIE = 'oauth_state';
/**
 * Set by the callback once the state matched: the hash of the one code this browser may spend.
 * Without it a link to /auth/login/google?code=<attacker's code> would sign a victim into the
 * attacker's account (login CSRF); the code itself proves nothing about whose browser holds it.
 */
const CODE_COOKIE = 'oauth_code';

function sameHash(cookie: string | undefined, expected: string): boolean {
  if (!cookie || cookie.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(expected));
}

export interface AuthRoutesOptions {
  /** Colleges, departments and universities (the campus module's repo, passed in by app.ts). */
  campus: CampusLookup;
  /** The PWA's index.html for a navigation to /auth/login/google (the web module, passed in by app.ts). */
  sendAppShell(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | FastifyReply;
  /** A sign-in session ended (logout, reuse, disabled): its chat sockets are closed. */
  sessionEnded?: (familyId: string) => void;
}

export async function authRoutes(scope: FastifyInstance, ctx: AppContext, options: AuthRoutesOptions): Promise<void> {
  const app = typed(scope);
  const { config } = ctx;
  const service = authService({
    db: ctx.db,
    repo: authRepo(ctx.db),
    campus: options.campus,
    tokens: ctx.tokens,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL,
    google: config.googleEnabled ? { clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET! } : undefined,
    localSignIn: config.localSignInEnabled,
    allowedEmailDomains: config.allowedEmailDomains,
    sessionEnded: options.sessionEnded,
  });

  // A cross-origin PWA needs SameSite=None (and so Secure) for the refresh cookie to travel.
  const crossSite = config.corsOrigins.length > 0;
  const secureCookies = crossSite || config.production || (config.PUBLIC_URL?.startsWith('https:') ?? false);
  const cookieBase = { path: '/auth', httpOnly: true, secure: secureCookies, sameSite: crossSite ? ('none' as const) : ('lax' as const) };

  function setSession(reply: FastifyReply, session: Session) {
    reply.header(ACCESS_HEADER, session.accessToken);
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...cookieBase, expires: session.refreshExpiresAt });
  }

  const callbackUrl = (request: FastifyRequest) => `${config.PUBLIC_URL ?? ctx.requestOrigin(request)}${CALLBACK_PATH}`;

  /** Where the PWA lives: its own origin when configured, else this one (relative redirect). */
  const appUrl = (path: string) => `${config.APP_URL ? new URL(config.APP_URL).origin : ''}${path}`;

  // Entry point of the sign-in button: the server, not the PWA build, knows which IdP is configured.
  app.get(
    '/auth/authorize',
    { schema: { response: redirectResponse('To the configured sign-in: Google, or the development sign-in page') } },
    async (request, reply) => {
      const state = randomToken(16);
      reply.setCookie(STATE_COOKIE, state, { ...cookieBase, maxAge: 600 });
      const redirectUri = callbackUrl(request);
      if (config.googleEnabled) {
        return reply.redirect(googleAuthorizeUrl({ clientId: config.GOOGLE_CLIENT_ID!, clientSecret: config.GOOGLE_CLIENT_SECRET! }, redirectUri, state));
      }
      if (!config.localSignInEnabled) throw new AppError('COMMON404');
      return reply.redirect(`/auth/local/authorize?${new URLSearchParams({ redirect_uri: redirectUri, state })}`);
    },
  );

  const callbackSchema = {
    querystring: googleCallbackQuerySchema,
    response: redirectResponse('To the PWA’s /auth/login/google with the code when the state matched'),
  };
  app.get(CALLBACK_PATH, { schema: callbackSchema }, async (request, reply) => {
    const params = new URLSearchParams();
    const expected = request.cookies[STATE_COOKIE];
    const q = request.query;
    // Only the browser that started the sign-in (its state cookie) may carry the code on; a
    // callback without that cookie or with another state is forged: the code is dropped.
    const stateOk = expected !== undefined && expected !== '' && expected === q.state;
    if (q.code && stateOk) {
      params.set('code', q.code);
      reply.setCookie(CODE_COOKIE, sha256(q.code), { ...cookieBase, maxAge: 600 });
    }
    if (q.state) params.set('state', q.state);
    reply.clearCookie(STATE_COOKIE, { path: '/auth' });
    return reply.redirect(appUrl(`${APP_LOGIN_PATH}${params.size ? `?${params}` : ''}`));
  });

  if (config.localSignInEnabled) {
    /**
     * Where the form may send the code: a path on this origin or an allowed origin. Judged on the
     * URL as a browser resolves it, not on the raw text: `/.//evil.example` resolves to the path
     * `//evil.example`, which a browser reads as another host; backslashes and control characters
     * are read as slashes or dropped by browsers, so they are refused outright.
     */
    const redirectTarget = (uri: string, request: FastifyRequest): URL | undefined => {
      // eslint-disable-next-line no-control-regex -- control characters are what this refuses
      if (/[\\\u0000-\u001f\u007f]/.test(uri)) return undefined;
      const origin = ctx.requestOrigin(request);
      let url: URL;
      try {
        url = new URL(uri, origin);
      } catch {
        return undefined;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
      if (url.pathname.startsWith('//') || url.username || url.password) return undefined;
      if (url.origin !== origin && !ctx.isAllowedOrigin(url.origin, request)) return undefined;
      return url;
    };
    const redirectAllowed = (uri: string, request: FastifyRequest) => redirectTarget(uri, request) !== undefined;

    app.get('/auth/local/style.css', { schema: { response: textResponse('text/css', 'The development sign-in page’s stylesheet') } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(LOCAL_PAGE_CSS),
    );

    const pageSchema = { querystring: localAuthorizeQuerySchema, response: textResponse('text/html', 'The development sign-in form') };
    app.get('/auth/local/authorize', { schema: pageSchema }, async (request, reply) => {
      const query = request.query;
      if (!redirectAllowed(query.redirect_uri, request)) throw new AppError('COMMON400', { redirect_uri: '허용되지 않은 redirect_uri예요.' });
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(localSignInPage({ redirectUri: query.redirect_uri, state: query.state }));
    });

    const formSchema = {
      response: {
        ...redirectResponse('To redirect_uri with code and state'),
        400: { description: 'The form again with its Korean message', content: { 'text/html': { schema: z.string() } } },
      },
    };
    app.post('/auth/local/authorize', { schema: formSchema }, async (request, reply) => {
      const raw = (request.body ?? {}) as Record<string, unknown>;
      // A form, not JSON: a wrong entry shows the page again with its message, so it is checked here.
      const form = localAuthorizeFormSchema.safeParse(raw);
      if (!form.success) {
        const base = localAuthorizeQuerySchema.safeParse(raw);
        if (!base.success || !redirectAllowed(base.data.redirect_uri, request)) {
          throw new AppError('COMMON400', { redirect_uri: '허용되지 않은 redirect_uri예요.' });
        }
        const message = form.error.issues[0]?.message ?? '입력값을 확인해 주세요.';
        return reply
          .status(400)
          .type('text/html; charset=utf-8')
          .send(
            localSignInPage({
              ...base.data,
              redirectUri: base.data.redirect_uri,
              email: String(raw.email ?? ''),
              name: String(raw.name ?? ''),
              error: message,
            }),
          );
      }
      const { redirect_uri, state, email, name } = form.data;
      if (!redirectAllowed(redirect_uri, request)) throw new AppError('COMMON400', { redirect_uri: '허용되지 않은 redirect_uri예요.' });
      let code: string;
      try {
        code = await service.issueLocalCode(email, name);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply
          .status(error.status)
          .type('text/html; charset=utf-8')
          .send(localSignInPage({ redirectUri: redirect_uri, state, email, name, error: error.message }));
      }
      const target = redirectTarget(redirect_uri, request)!;
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      // Same origin: a path (its pathname never starts with `//`, see redirectTarget).
      return reply.redirect(target.origin === ctx.requestOrigin(request) ? `${target.pathname}${target.search}` : target.toString());
    });
  }

  // Same path as the PWA's callback route: a navigation gets the app, the app's fetch gets JSON.
  // The query is checked in the handler: a navigation without a code still gets the app.
  app.get(
    APP_LOGIN_PATH,
    { schema: { querystring: loginCodeQuerySchema, response: okResponse(loginResultSchema) }, validatorCompiler: () => (data) => ({ value: data }) },
    async (request, reply) => {
      if (isNavigation(request)) return options.sendAppShell(request, reply);
      const { code } = parse(loginCodeQuerySchema, request.query);
      // Checked before the code is spent, so a forged link cannot burn the victim's own code either.
      if (!sameHash(request.cookies[CODE_COOKIE], sha256(code))) throw new AppError('AUTH_400_CODE');
      reply.clearCookie(CODE_COOKIE, { path: '/auth' });
      const session = await service.login(code, callbackUrl(request));
      setSession(reply, session);
      reply.header('cache-control', 'no-store');
      return ok(session.isNewUser ? NEW_USER_RESULT : LOGIN_SUCCESS_RESULT);
    },
  );

  app.post('/auth/reissue', { schema: { response: okResponse(reissueResultSchema) } }, async (request, reply) => {
    try {
      const session = await service.reissue(request.cookies[REFRESH_COOKIE]);
      setSession(reply, session);
      return ok({ accessToken: session.accessToken });
    } catch (error) {
      // A refresh that failed for good leaves no cookie behind to be replayed.
      if (error instanceof AppError && error.code !== 'REFRESH_400') reply.clearCookie(REFRESH_COOKIE, cookieBase);
      throw error;
    }
  });

  app.post('/auth/logout', { schema: { response: okResponse(logoutResultSchema) } }, async (request, reply) => {
    await service.logout(request.cookies[REFRESH_COOKIE]);
    reply.clearCookie(REFRESH_COOKIE, cookieBase);
    return ok(LOGOUT_SUCCESS_RESULT);
  });

  app.register(async (authed) => {
    authed.addHook('onRequest', async (request) => {
      request.member = await ctx.authenticate(request.headers.authorization);
    });

    typed(authed).patch('/auth/signUp/lunchChat', { schema: { body: signUpBodySchema, response: okResponse(signUpResultSchema) } }, async (request) => {
      const member = currentMember(request);
      await service.signUp(member.id, member.universityId, request.body);
      return ok(SIGNUP_SUCCESS_RESULT);
    });

    authed.get('/auth/uniName', { schema: { response: textResponse('text/plain', 'The short name of the caller’s university') } }, async (request, reply) => {
      const university = await options.campus.university(currentMember(request).universityId);
      return reply.type('text/plain; charset=utf-8').send(university?.shortName ?? UNKNOWN_UNIVERSITY_NAME);
    });
  });
}
