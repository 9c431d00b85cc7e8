import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import fastifyFormbody from '@fastify/formbody';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config';
import type { AppContext, Member } from './context';
import type { Database } from './db/client';
import { accountDisabled } from './lib/account-disabled';
import { AppError, answerClientError, installErrorHandling, sendError } from './lib/http';
import { installSecurityHeaders } from './lib/security';
import { serializeError } from './lib/log';
import { createMetrics } from './lib/metrics';
import { tellingPush } from './lib/push';
import { registerApiDocs } from './lib/openapi';
import { installRouteSchemas } from './lib/route-schemas';
import { installKoreanZodMessages } from './lib/zod-messages';
import { adminRoutes } from './modules/admin/routes';
import { createScheduler } from './lib/scheduler';
import { authRepo } from './modules/auth/repo';
import { authRoutes } from './modules/auth/routes';
import { AccessTokens, bearerToken } from './modules/auth/tokens';
import { campusRepo } from './modules/campus/repo';
import { campusRoutes } from './modules/campus/routes';
import { chatRoutes } from './modules/chat/routes';
import { chatSocketRoutes, createChatSocket, type ChatPushHook } from './modules/chat/socket';
import { defaultImageRoutes, filesApiRoutes, filesPublicRoutes } from './modules/files/routes';
import { uploadsRepo } from './modules/files/repo';
import { filesService } from './modules/files/service';
import { createStorage } from './modules/files/storage';
import { keywordAiRoutes } from './modules/keyword-ai/routes';
import { matchesRoutes } from './modules/matches/routes';
import { meetupsRoutes } from './modules/meetups/routes';
import { cancelMeetupsOfBlockedPair, cancelMeetupsOfSuspendedMember, repairMeetupsOfSuspendedMembers } from './modules/meetups/service';
import { membersRoutes } from './modules/members/routes';
import { mentorRoutes } from './modules/mentor/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { opsRoutes } from './modules/ops/routes';
import { scheduleVacuum } from './modules/ops/vacuum';
import { startExpirySweeper, type ExpirySweeper } from './modules/safety/expiry';
import { safetyRoutes } from './modules/safety/routes';
import { chatPushHook, createPush, type PushSender } from './modules/push';
import { webRoutes } from './modules/web/routes';
import { sendAppShell } from './modules/web/shell';
import { createRealtime } from './realtime';
import { seedDemoMentorMonth } from './seed/demo-mentors';
import { RECOMMENDED_WS_MAX_PAYLOAD } from './stomp';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Secret for access tokens (from env, or generated and kept in DATA_DIR by the boot code). */
  jwtSecret: string;
  /** Pass false to silence request logs (tests). */
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Chat fan-out across instances; defaults to config.REDIS_URL (none = in-process). */
  redisUrl?: string;
  /** Redis key/channel prefix: channels `<prefix>:stomp` (broadcast) and `<prefix>:route:<route>` (decision 0021). */
  redisPrefix?: string;
  /** This process on the fan-out channel; default random. */
  instanceId?: string;
  /** Push for a chat message whose recipient has no socket on the room (optional). */
  chatPush?: ChatPushHook;
  /** Device push; default FCM when FIREBASE_SERVICE_ACCOUNT is set, else off (tests inject a fake). */
  push?: PushSender;
  /** Clock of the meetup request rules and the mentor's month (tests move it); the job scheduler always uses the database's. */
  now?: () => number;
  /** Check every JSON response against its contract schema (default: everywhere but production; see decision 0011). */
  checkResponses?: boolean;
}

/**
 * Deployments that share one Redis stay apart: the default channel prefix names this deployment's
 * database (PostgreSQL host, port and database name — never the password — or the PGlite folder),
 * so two deployments get different channels and instances of one deployment the same.
 */
export function defaultChannelPrefix(config: { DATABASE_URL?: string; DATA_DIR: string }): string {
  let identity: string;
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    identity = `postgres://${url.hostname}:${url.port || '5432'}${url.pathname}`;
  } else {
    identity = `pglite:${path.resolve(config.DATA_DIR, 'pglite')}`;
  }
  return `lunchchat-${createHash('sha256').update(identity).digest('hex').slice(0, 12)}`;
}

/** localhost, 127.0.0.0/8 and ::1: the development machine itself. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const SENSITIVE_QUERY = /([?&](?:code|state|token|access_token|signature)=)[^&]*/gi;

/** Builds the whole server without listening, so tests run it in-process. */
export async function createApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  installKoreanZodMessages();
  const metrics = createMetrics();
  database.observeQueries((seconds) => metrics.dbQueryDuration.observe(seconds));
  const app = Fastify({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    // Node's parser errors (431, bad content-length, …) answer in the contract's wrapper too.
    clientErrorHandler: answerClientError,
    // Malformed URLs and over-long path parameters (e.g. /api/members/<5 KB>) get the envelope too.
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply, new AppError('COMMON400', { _: '요청 주소가 올바르지 않아요.' }));
    },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    logger:
      deps.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            // A person reading a terminal gets one readable line per event; anything else (files,
            // collectors, production) gets JSON, one object per line.
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            ...(!deps.logStream && (config.LOG_FORMAT ?? (config.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } } }
              : {}),
            // Tokens, cookies and codes never reach the log; bodies are not logged at all.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'res.headers.access'],
            serializers: {
              err: serializeError,
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: req.url.replace(SENSITIVE_QUERY, '$1[redacted]'),
                remoteAddress: req.ip,
              }),
            },
          },
  });

  installRouteSchemas(app, { checkResponses: deps.checkResponses ?? config.NODE_ENV !== 'production' });

  const tokens = new AccessTokens(deps.jwtSecret, config.ACCESS_TOKEN_TTL);
  const db = database.db;
  const accounts = authRepo(db);
  const fixedOrigins = new Set<string>([...config.corsOrigins, ...(config.PUBLIC_URL ? [new URL(config.PUBLIC_URL).origin] : [])]);

  // The origin absolute URLs are built from. Never the Host header as sent (any client sets it,
  // and `Host: evil.example` would get upload and file URLs there): PUBLIC_URL (required in
  // production), else the request's own origin only when it is this machine or an allowed
  // origin, else localhost on the configured port.
  const publicOrigin = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined;
  const trustedOrigin = (request: FastifyRequest): string => {
    if (publicOrigin) return publicOrigin;
    const seen = `${request.protocol}://${request.host}`;
    if (fixedOrigins.has(seen) || isLoopbackHost(request.hostname)) return seen;
    return `http://localhost:${config.PORT}`;
  };

  // Device push, before anything that may notify (matches, a chat message for someone away).
  const push = await createPush(db, config, app.log, deps.push, (outcome) => metrics.pushSends.inc({ outcome }));
  // Every stored notification is also told to the member's open apps (event:notification), once
  // the chat socket below exists; the chat's own pushes (a message for someone away) are not.
  let tellMember: (memberId: number, type: string, content: string) => void = () => undefined;
  const notifying = tellingPush(push, (memberId, type, content) => tellMember(memberId, type, content));

  const ctx: AppContext = {
    config,
    db,
    tokens,
    push: notifying,
    async authenticate(authorization): Promise<Member> {
      const token = bearerToken(authorization);
      if (!token) throw new AppError('JWT_401');
      const principal = await tokens.verify(token);
      // Checked on every request, so a logout bites at once on every instance.
      const row = await accounts.signedInMember(principal.memberId, principal.sessionId ?? null);
      if (!row) throw new AppError('JWT_401');
      // Before `ended`: a suspension also revokes the sessions, and the app must learn why (section 16).
      if (row.status === 'DISABLED') throw await accountDisabled(db, row.id);
      if (row.ended) throw new AppError('JWT_401');
      const { ended: _ended, ...member } = row;
      return { ...member, tokenExpiresAt: principal.expiresAt, sessionId: principal.sessionId };
    },
    requestOrigin: (request) => trustedOrigin(request),
    isAllowedOrigin(origin, request) {
      if (fixedOrigins.has(origin)) return true;
      return request !== undefined && origin === ctx.requestOrigin(request);
    },
  };

  // Recorded before any route exists, so none escapes (the onRoute hook reaches child scopes).
  app.decorate('registeredRoutes', [] as { method: string; url: string }[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.registeredRoutes.push({ method, url: route.url });
  });
  // By route pattern, never the raw URL (ids and queries would make a series per request).
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  installErrorHandling(app);
  installSecurityHeaders(app, config);
  await registerApiDocs(app);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      credentials: true,
      exposedHeaders: ['access', 'x-request-id'],
      methods: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    });
  }
  // Chat fan-out (in-process, or Redis with REDIS_URL) and the STOMP server behind /ws.
  const realtime = await createRealtime({
    redisUrl: deps.redisUrl ?? config.REDIS_URL,
    prefix: deps.redisPrefix ?? config.REDIS_CHANNEL_PREFIX ?? defaultChannelPrefix(config),
    signingKey: deps.jwtSecret,
    instanceId: deps.instanceId,
    logger: app.log,
  });
  app.addHook('onClose', () => realtime.close());
  // Pushes still in flight finish before the database closes; a chat message for someone with no socket on the room is pushed.
  app.addHook('onClose', () => push.idle());
  // Durable jobs (meetup reminders and check-ins): polled from the database by every instance.
  const scheduler = createScheduler(db, { pollMs: config.JOBS_POLL_MS, log: app.log });
  app.decorate('scheduler', scheduler);
  // On PGlite the daily vacuum (its launcher is not there), scheduled before the first poll.
  app.addHook('onReady', async () => {
    await scheduleVacuum(database, scheduler, app.log);
    // Meetups a suspension from before its cancelling them left open (decision 0051), before the
    // first poll. One instance at a time; a failure is logged and the next boot tries again (the
    // upcoming list already hides such a meetup).
    try {
      const cancelled = await database.exclusive(() => repairMeetupsOfSuspendedMembers(db, scheduler, ctx.push));
      if (cancelled > 0) app.log.info({ cancelled }, 'cancelled the open meetups of suspended members');
    } catch (error) {
      app.log.error({ err: error }, 'could not cancel the open meetups of suspended members');
    }
    scheduler.start();
  });
  app.addHook('onClose', () => scheduler.stop());
  const chatPush = deps.chatPush ?? (push.enabled ? chatPushHook(push) : undefined);
  const chatSocket = createChatSocket(ctx, {
    realtime,
    push: chatPush,
    logger: app.log,
    onStored: () => metrics.chatMessagesStored.inc(),
    onDelivered: (seconds) => metrics.chatDelivery.observe(seconds),
    onCommitted: (seconds, batch) => metrics.chatCommit.observe({ batch }, seconds),
  });
  tellMember = (memberId, type, content) => chatSocket.notified(memberId, type, content);
  await app.register(fastifyWebsocket, {
    // Larger than a STOMP frame may be, so an oversized frame gets the STOMP ERROR, not a bare 1009 close.
    options: { maxPayload: RECOMMENDED_WS_MAX_PAYLOAD },
    // STOMP sessions get an ERROR and in-flight SENDs finish before the server (and then the database) closes.
    preClose(done) {
      chatSocket.shutdown().then(
        () => {
          for (const client of app.websocketServer.clients) client.terminate();
          app.websocketServer.close();
          done();
        },
        (err: unknown) => done(err as Error),
      );
    },
  });

  // Member-facing limits (429 COMMON429), keyed by member once the /api guard has run.
  await app.register(fastifyRateLimit, {
    global: false,
    keyGenerator: (request) => (request.member ? `member:${request.member.id}` : `ip:${request.ip}`),
    errorResponseBuilder: () => new AppError('COMMON429'),
  });
  const perMinute = (max: number) => ({ max, timeWindow: 60_000 });
  // With the demo seed (DEMO_MEMBERS) only: the demo campus has a mentor in every month it runs
  // into, not only in the month it booted in. A real campus's operators save their own.
  const seedDemoMentor = config.demoMembers > 0 ? (universityId: number, month: string) => seedDemoMentorMonth(db, month, universityId) : undefined;
  const storage = await createStorage(config, deps.jwtSecret);

  await opsRoutes(app, ctx, {
    database,
    metrics,
    realtimeReady: () => realtime.ready(),
    stompConnections: () => chatSocket.stomp.connectionCount(),
  });

  await app.register(async (scope) =>
    authRoutes(scope, ctx, {
      campus: campusRepo(db),
      sendAppShell: (request, reply) => sendAppShell(ctx, request, reply),
      sessionEnded: (sid) => chatSocket.endSession(sid),
    }),
  );

  // Every /api/** route needs a signed-in member (contract section 1).
  await app.register(async (api) => {
    api.addHook('onRequest', async (request) => {
      request.member = await ctx.authenticate(request.headers.authorization);
    });
    await campusRoutes(api, ctx);
    const profileImages = filesService(storage, uploadsRepo(db));
    await membersRoutes(api, ctx, { assertUsableProfileImage: (memberId, url) => profileImages.assertUsableProfileImage(memberId, url) });
    await keywordAiRoutes(api, ctx, { rateLimit: perMinute(config.RATE_LIMIT_KEYWORD_AI), llmTimeoutMs: config.LLM_TIMEOUT_MS });
    await matchesRoutes(api, ctx, { rateLimit: perMinute(config.RATE_LIMIT_MATCHES) });
    await safetyRoutes(api, ctx, {
      rateLimit: perMinute(config.RATE_LIMIT_MATCHES),
      // The pair's open meetups are cancelled with the block, their reminders too (section 15).
      closePair: (tx, blockerId, blockedId) => cancelMeetupsOfBlockedPair(tx, scheduler, blockerId, blockedId),
      // The pair's room leaves both members' open sockets on every instance (section 15).
      onBlocked: (blockerId, blockedId, roomId) => {
        chatSocket.memberLeft(blockerId, roomId);
        chatSocket.memberLeft(blockedId, roomId);
      },
      onUnblocked: () => chatSocket.roomsCountChanged(),
    });
    await notificationsRoutes(api, ctx);
    await filesApiRoutes(api, ctx, { storage, rateLimit: perMinute(config.RATE_LIMIT_UPLOADS) });
    await mentorRoutes(api, ctx, { now: deps.now, seedDemoMentor });
    await meetupsRoutes(api, ctx, { scheduler, now: deps.now, onRoomOpened: (roomId) => chatSocket.roomChanged(roomId) });
    await chatRoutes(api, ctx, {
      onLeft: (memberId, roomId) => chatSocket.memberLeft(memberId, roomId),
      onOpened: (roomId) => chatSocket.roomChanged(roomId),
      onRead: (roomId, memberId, lastReadMessageId) => chatSocket.memberRead(roomId, memberId, lastReadMessageId),
    });
    await adminRoutes(api, ctx, {
      scheduler,
      endMember: (memberId, suspendedUntil) => chatSocket.endMember(memberId, suspendedUntil),
      reinstated: (memberId) => chatSocket.memberReinstated(memberId),
      // A suspension cancels the member's open meetups in its transaction; each partner is told (section 16).
      closeMember: (tx, memberId) => cancelMeetupsOfSuspendedMember(tx, scheduler, ctx.push, memberId),
      now: deps.now,
      seedDemoMentor,
    });
  });
  if (storage.kind === 'local') await filesPublicRoutes(app, ctx, storage);
  await defaultImageRoutes(app);

  await chatSocketRoutes(app, ctx, chatSocket);
  await webRoutes(app, ctx);

  // Request expiry (section 15): swept from the database, so it survives restarts and runs on every instance.
  let expiry: ExpirySweeper | undefined;
  app.addHook('onReady', async () => {
    expiry = startExpirySweeper(db, config.MATCH_REQUEST_TTL, (recipientId, message) => notifying.notifyPush(recipientId, message), app.log);
  });
  app.addHook('onClose', async () => {
    await expiry?.stop();
  });
  return app;
}
