import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import {
  CHAT_EVENT,
  type ChatMessage,
  CLIENT_MESSAGE_ID_HEADER,
  type LeftEvent,
  MEMBER_QUEUE,
  MEMBER_QUEUE_PREFIX_RE,
  type NotificationEvent,
  READ_PUBLISH_RE,
  readBodySchema,
  ROOM_PUBLISH_RE,
  ROOM_TOPIC_RE,
  roomTopic,
  sendBodySchema,
  STOMP_ENDPOINT,
  STOMP_ERRORS,
  STOMP_HEADERS,
  TYPING_MIN_INTERVAL_MS,
  TYPING_PUBLISH_RE,
} from '../../../contract/stomp';
import type { AppContext, Member } from '../../context';
import { AppError, sendError } from '../../lib/http';
import type { Realtime, RealtimeLogger } from '../../realtime';
import { StompRejection, bearerToken, createStompServer, type SendFrame, type StompServer } from '../../stomp';
import { EXCEPT_MEMBER_HEADER, ROOM_EVENT_ROUND_MS, chatEvents, memberRoute } from './events';
import { memberRateLimiter, memberThrottle } from './limits';
import { toChatMessage } from './message';
import { chatRepo, type ChatRepo, type ReadResult, type RoomAccess, type StoreResult } from './repo';
import { friendOf } from './service';
import { type BatchKind, chatWriter } from './writer';

/** A chat message whose recipient has no socket on the room anywhere (contract section 12). */
export interface ChatPushEvent {
  recipientId: number;
  senderId: number;
  roomId: number;
  message: ChatMessage;
}
/** Optional: provided by the push module; failures are logged, never seen by the sender. */
export type ChatPushHook = (event: ChatPushEvent) => void | Promise<void>;

interface ChatPrincipal {
  member: Member;
  /** Rooms this session subscribed to (presence for push decisions). */
  rooms: Set<number>;
  /** Rooms this session was found to be in (subscribe or first send); the store re-checks anyway. */
  verified: Set<number>;
  /**
   * Rooms this session may write in (both members in it, decision 0060), with the room's leave
   * count (`leaves`) when it was found so: a leave since then makes the next SEND look again.
   */
  writable: Map<number, number>;
  /** SENDs without a receipt accepted but not stored yet. */
  pending: number;
  /** A receipt-less SEND that could not be stored; the session's next frame gets it as ERROR. */
  failure?: StompRejection;
}

/** Internal fan-out destination: a member left a room. */
const roomLeft = (roomId: number) => `/internal/rooms/${roomId}/left`;
const ROOM_LEFT_RE = /^\/internal\/rooms\/(\d+)\/left$/;
const MEMBER_ID_HEADER = 'member-id';
// Control events on the fan-out (never a destination a client may subscribe to).
const SESSION_ENDED = '/internal/sessions/ended';
const MEMBER_DISABLED = '/internal/members/disabled';
const SESSION_ID_HEADER = 'session-id';

/** Client ids are UUIDs by contract; anything short and URL-safe is accepted, nothing else. */
const CLIENT_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** NUL, or a lone surrogate (with the u flag a pair is one code point and does not match). */
const UNSTORABLE = /[\0\p{Cs}]/u;
/**
 * Receipt-less SENDs a session may have in the store queue before it waits like everyone else.
 * A full batch (writer.ts: 256): with 64, one publisher's next batch could not gather while its
 * last was in the database, so the database waited for the broadcasts between every two
 * (bench/chat.ts, one publisher on PGlite with the batches pipelined: 7,000–9,000 msg/s with 64,
 * 9,500–11,200 with 256; decision 0028). Only a raised CHAT_RATE lets a member get near it
 * (default burst 30).
 */
const MAX_PIPELINED = 256;

/** Read by clients from the ERROR frame: `message` for people, `code` (contract section 10) for code. */
function reject(message: string, code: string, headers: Record<string, string> = {}): StompRejection {
  return new StompRejection(message, { headers: { ...headers, [STOMP_HEADERS.code]: code } });
}

/** A timed suspension's ERROR says until when (section 16, extension): the header from its ISO end, or none for 영구. */
function untilHeader(suspendedUntil: string | null | undefined): Record<string, string> {
  const ms = suspendedUntil ? Date.parse(suspendedUntil) : NaN;
  return Number.isFinite(ms) ? { [STOMP_HEADERS.suspendedUntilMs]: String(ms) } : {};
}

export interface ChatSocketOptions {
  realtime: Realtime;
  push?: ChatPushHook;
  logger: RealtimeLogger;
  /** A new message was stored (metrics). */
  onStored?: () => void;
  /** A new message was broadcast, this long after its SEND was taken up (metrics). */
  onDelivered?: (seconds: number) => void;
  /** The group commit ran a batch in this long (metrics). */
  onCommitted?: (seconds: number, batch: BatchKind) => void;
}

export interface ChatSocket {
  stomp: StompServer<ChatPrincipal>;
  /**
   * A member left a room (REST): on every instance, their sessions stop receiving the room's
   * messages and must subscribe again (which is refused while they are out of it).
   */
  memberLeft(memberId: number, roomId: number): void;
  /** A room changed outside STOMP (opened over REST): `event:room` to both members, on every instance. */
  roomChanged(roomId: number): void;
  /** A member read a room over REST: `event:read` and `event:room` on every instance. */
  memberRead(roomId: number, memberId: number, lastReadMessageId: string): void;
  /**
   * Which rooms count towards members' unread totals changed outside the chat module (an unblock):
   * the totals are asked of the database again.
   */
  roomsCountChanged(): void;
  /**
   * A member was reinstated (정지 해제, or a timed suspension's end): their rooms count again towards
   * their friends' unread totals. Each friend still in such a room gets `event:room` for it with the
   * total as the database now counts it, through the fan-out, so on whichever instance they are connected.
   */
  memberReinstated(memberId: number): void;
  /** A sign-in session ended (logout): on every instance, its sockets get ERROR and close. */
  endSession(sessionId: string): void;
  /**
   * An account was disabled: on every instance, its sockets get ERROR and close (saying until when
   * for a timed suspension: `suspendedUntil`, ISO; null for 영구); its rooms count no more for its
   * friends, who are told as for `memberReinstated`.
   */
  endMember(memberId: number, suspendedUntil: string | null): void;
  /** A notification of this type was stored for the member: `event:notification` on their queue, on every instance. */
  notified(memberId: number, type: string, content?: string): void;
  /** Ends every session (ERROR + close), then waits for SENDs still being stored and broadcast. */
  shutdown(): Promise<void>;
}

/** The STOMP server with the chat hooks: who may connect, subscribe and send, and what a SEND does. */
export function createChatSocket(ctx: AppContext, options: ChatSocketOptions): ChatSocket {
  const repo: ChatRepo = chatRepo(ctx.db);
  const { broker, presence } = options.realtime;
  const { logger, push } = options;
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inflight.add(promise);
    const done = () => inflight.delete(promise);
    promise.then(done, done);
    return promise;
  };

  function notifyIfAway(room: RoomAccess, message: ChatMessage): void {
    if (!push) return;
    const senderId = message.senderId;
    const recipientId = room.memberA === senderId ? room.memberB : room.memberA;
    const recipientLeft = room.memberA === recipientId ? room.aLeft : room.bLeft;
    if (recipientLeft) return;
    void track(
      presence
        .isPresent(recipientId, room.id)
        .then((present) => (present ? undefined : push({ recipientId, senderId, roomId: room.id, message })))
        .catch((err: unknown) => logger.error({ err, roomId: room.id }, 'chat push failed')),
    );
  }

  // Group commit across sessions; results come back in store order, so broadcasts are in id order.
  const writer = chatWriter(repo, options.onCommitted);
  // In one process every member queue's sessions are this server's; with Redis another instance
  // may hold them, so every member counts as listening there.
  const alone = broker.kind === 'in-process';
  const events = chatEvents(
    // Between two batches, never beside one (decision 0034).
    { roomEvents: (...args) => writer.between(() => repo.roomEvents(...args)) },
    broker,
    logger,
    track,
    {
      listening: alone ? (memberId) => stomp.hasSubscribers(memberRoute(memberId)) : undefined,
      roundMs: repo.oneThread ? ROOM_EVENT_ROUND_MS.oneThread : ROOM_EVENT_ROUND_MS.pool,
      // Alone, this instance's writer stores every message and read: their rows tell the rooms.
      remember: alone,
    },
  );
  const sendRate = memberRateLimiter(ctx.config.CHAT_RATE);
  const typingRate = memberThrottle(TYPING_MIN_INTERVAL_MS);

  /**
   * Runs in store order: a new message is broadcast (then maybe pushed); a repeat is not.
   * `startedAt`: when its SEND was taken up (performance.now()).
   */
  function afterStore(result: StoreResult, startedAt: number): void {
    if (result.kind === 'forbidden') throw reject(STOMP_ERRORS.notParticipant, 'CHAT_403');
    if (result.kind === 'duplicate') return;
    options.onStored?.();
    // Nobody has read a message that was just stored: its recipient's read position is older.
    const message = toChatMessage(result.row, 1);
    broker.publish(roomTopic(result.row.roomId), JSON.stringify(message), { 'content-type': 'application/json' });
    // The broker hands a publish to this instance's sockets before it returns.
    options.onDelivered?.((performance.now() - startedAt) / 1000);
    // Both members by name, so one who is not listening costs nothing (events.ts); one who has
    // left is told nothing.
    events.stored(result.room, result.row, startedAt);
    notifyIfAway(result.room, message);
  }

  /** Leaves seen on this instance per room (the fan-out tells every instance): see `writable`. */
  const leaves = new Map<number, number>();

  /**
   * Before a chat SEND: the sender is in the room and so is the friend (decision 0060). Reading and
   * typing only need the first (verify). The store statement checks both again.
   */
  async function verifyWritable(principal: ChatPrincipal, roomId: number): Promise<void> {
    const seen = leaves.get(roomId) ?? 0;
    if (principal.writable.get(roomId) === seen) return;
    const room = await repo.room(roomId);
    if (!room || friendOf(room, principal.member.id) === undefined) throw reject(STOMP_ERRORS.notParticipant, 'CHAT_403');
    if (room.aLeft || room.bLeft) throw reject(STOMP_ERRORS.friendLeft, 'CHAT_403');
    principal.verified.add(roomId);
    principal.writable.set(roomId, seen);
  }

  async function verify(principal: ChatPrincipal, roomId: number): Promise<void> {
    if (principal.verified.has(roomId)) return;
    const room = await repo.room(roomId);
    if (!room || friendOf(room, principal.member.id) === undefined) throw reject(STOMP_ERRORS.notParticipant, 'CHAT_403');
    principal.verified.add(roomId);
  }

  /** SEND /pub/read/{roomId}: moves the reader's position; `event:read` only when it moved. */
  async function markRead(principal: ChatPrincipal, roomId: number, body: string): Promise<void> {
    let parsed: { lastReadMessageId: string };
    try {
      parsed = readBodySchema.parse(JSON.parse(body));
    } catch {
      throw reject('body must be JSON: {"lastReadMessageId":"…"}', 'CHAT_400');
    }
    await verify(principal, roomId);
    const since = performance.now();
    let moved: ReadResult | undefined;
    try {
      moved = await track(writer.read({ roomId, memberId: principal.member.id, upTo: parsed.lastReadMessageId }));
    } catch (err) {
      logger.error({ err, roomId }, 'chat read position could not be stored');
      throw reject('internal error', 'COMMON500');
    }
    if (moved !== undefined) events.read(roomId, principal.member.id, moved.lastReadMessageId, { room: moved.room, since });
  }

  /** SEND /pub/typing/{roomId}: never stored; more than one a second is dropped silently. */
  async function typed(principal: ChatPrincipal, roomId: number): Promise<void> {
    await verify(principal, roomId);
    if (typingRate.allow(principal.member.id)) events.typing(roomId, principal.member.id);
  }

  // One log line per database outage, not one per refused CONNECT.
  let authFailing = false;
  // One log line per fan-out outage, not one per refused SUBSCRIBE.
  let interestFailing = false;
  const stomp = createStompServer<ChatPrincipal>({
    logger,

    async authenticate(headers) {
      const token = bearerToken(headers);
      if (!token) throw reject(STOMP_ERRORS.missingToken, 'JWT_401');
      try {
        const member = await ctx.authenticate(`Bearer ${token}`);
        authFailing = false;
        return { principal: { member, rooms: new Set(), verified: new Set(), writable: new Map(), pending: 0 }, expiresAt: member.tokenExpiresAt };
      } catch (err) {
        if (!(err instanceof AppError)) {
          // The database (or another part of ours) failed, not the token: say so, so the client
          // keeps reconnecting instead of refreshing and signing out (decision 0010).
          if (!authFailing) logger.warn({ err }, 'chat CONNECT could not check tokens: the database does not answer');
          authFailing = true;
          throw reject(STOMP_ERRORS.unavailable, 'COMMON503');
        }
        const message =
          err.code === 'TOKEN_401_ACCESS_EXPIRED'
            ? STOMP_ERRORS.tokenExpired
            : err.code === 'AUTH_403_DISABLED'
              ? STOMP_ERRORS.accountDisabled
              : STOMP_ERRORS.unauthorized;
        throw reject(message, err.code, err.code === 'AUTH_403_DISABLED' ? untilHeader(err.fields?.suspendedUntil) : {});
      }
    },

    async authorizeSubscribe(principal, destination) {
      if (principal.failure) throw principal.failure;
      // The member's own queue is one destination for everyone, routed per member.
      if (destination === MEMBER_QUEUE) return memberRoute(principal.member.id);
      if (MEMBER_QUEUE_PREFIX_RE.test(destination)) throw reject(STOMP_ERRORS.notYourQueue, 'CHAT_403');
      const match = ROOM_TOPIC_RE.exec(destination);
      if (!match) throw reject(STOMP_ERRORS.unknownDestination, 'CHAT_400');
      const roomId = Number(match[1]);
      const seen = leaves.get(roomId) ?? 0;
      const room = await repo.room(roomId);
      if (!room || friendOf(room, principal.member.id) === undefined) throw reject(STOMP_ERRORS.notParticipant, 'CHAT_403');
      principal.verified.add(roomId);
      // The room as read here answers the first SEND too (no second read), when both are in it.
      if (!room.aLeft && !room.bLeft) principal.writable.set(roomId, seen);
      if (!principal.rooms.has(roomId)) {
        principal.rooms.add(roomId);
        presence.enter(principal.member.id, roomId);
      }
      return undefined;
    },

    async onSend(principal, frame: SendFrame) {
      const startedAt = performance.now();
      if (principal.failure) throw principal.failure;
      // Every SEND of the member, on any of their connections here, draws from one bucket.
      if (!sendRate.take(principal.member.id)) throw reject(STOMP_ERRORS.rateLimited, 'COMMON429');
      const read = READ_PUBLISH_RE.exec(frame.destination);
      if (read) return markRead(principal, Number(read[1]), frame.body);
      const typing = TYPING_PUBLISH_RE.exec(frame.destination);
      if (typing) return typed(principal, Number(typing[1]));
      const match = ROOM_PUBLISH_RE.exec(frame.destination);
      if (!match) throw reject(STOMP_ERRORS.unknownDestination, 'CHAT_400');
      const roomId = Number(match[1]);
      let json: unknown;
      try {
        json = JSON.parse(frame.body);
      } catch {
        throw reject('body must be JSON: {"content":"…"}', 'CHAT_400');
      }
      const body = sendBodySchema.safeParse(json);
      // JSON escapes can smuggle in what PostgreSQL text cannot hold (NUL, lone surrogates).
      if (!body.success || UNSTORABLE.test(body.data.content)) {
        throw reject('content must be 1-1000 characters', 'CHAT_400');
      }
      const clientId = frame.headers[CLIENT_MESSAGE_ID_HEADER];
      if (clientId !== undefined && !CLIENT_ID_RE.test(clientId)) throw reject(`invalid ${CLIENT_MESSAGE_ID_HEADER}`, 'CHAT_400');
      await verifyWritable(principal, roomId);

      const request = { roomId, senderId: principal.member.id, content: body.data.content, clientMessageId: clientId ?? null };
      principal.pending++;
      const stored = track(writer.store(request, (result) => afterStore(result, startedAt))).finally(() => principal.pending--);
      // A database failure reads "internal error": clients treat it as transient and resend.
      const asRejection = (err: unknown): StompRejection => {
        if (err instanceof StompRejection) return err;
        logger.error({ err, roomId }, 'chat message could not be stored');
        return reject(STOMP_ERRORS.internal, 'COMMON500');
      };
      // A RECEIPT must follow the commit, and a busy session waits its turn (back-pressure).
      if (frame.headers[STOMP_HEADERS.receipt] !== undefined || principal.pending > MAX_PIPELINED) {
        await stored.catch((err: unknown) => {
          throw asRejection(err);
        });
        return;
      }
      // Nobody waits for a receipt-less SEND: the next frame is read while it is stored. Order is
      // kept by the writer; a failure is reported as ERROR on this session's next frame.
      stored.catch((err: unknown) => {
        principal.failure ??= asRejection(err);
      });
    },

    // Redis must confirm the route's channel before the RECEIPT (decision 0021). When it does not
    // answer in time the SUBSCRIBE gets the transient ERROR of a gap (decision 0010): the client
    // comes back later and fetches what it missed, rather than believe it is subscribed.
    async routeInterest(route) {
      try {
        const release = await broker.interest(route);
        interestFailing = false;
        return release;
      } catch (err) {
        if (!interestFailing) logger.warn({ err }, 'chat SUBSCRIBE refused: the fan-out did not confirm the subscription');
        interestFailing = true;
        throw reject(STOMP_ERRORS.unavailable, 'COMMON503');
      }
    },

    onDisconnect(principal) {
      for (const roomId of principal.rooms) presence.leave(principal.member.id, roomId);
      principal.rooms.clear();
    },
  });

  function dropRoom(memberId: number, roomId: number): void {
    for (const principal of stomp.unsubscribeWhere(roomTopic(roomId), (p) => p.member.id === memberId)) {
      principal.verified.delete(roomId);
      if (principal.rooms.delete(roomId)) presence.leave(memberId, roomId);
    }
  }

  /**
   * A member left a room (every instance hears it): their sessions here stop receiving it; every
   * session's next SEND there looks again (nobody may write in it now); the friend's sessions here
   * still on the room get `event:left` (decision 0060), after the leaver's subscriptions are gone.
   */
  function roomLeftHere(memberId: number, roomId: number): void {
    dropRoom(memberId, roomId);
    leaves.set(roomId, (leaves.get(roomId) ?? 0) + 1);
    const event: LeftEvent = { memberId };
    stomp.publish(roomTopic(roomId), JSON.stringify(event), { 'content-type': 'application/json', [STOMP_HEADERS.event]: CHAT_EVENT.left });
  }

  broker.subscribe((destination, body, headers) => {
    // Control events are broadcast to every instance; clients can never subscribe to them (ROOM_TOPIC_RE).
    const left = ROOM_LEFT_RE.exec(destination);
    if (left) return roomLeftHere(Number(headers[MEMBER_ID_HEADER]), Number(left[1]));
    if (destination === SESSION_ENDED) {
      const sid = headers[SESSION_ID_HEADER];
      if (sid) stomp.closeWhere((p) => p.member.sessionId === sid, { message: STOMP_ERRORS.signedOut, code: 'JWT_401' });
      return;
    }
    if (destination === MEMBER_DISABLED) {
      const id = Number(headers[MEMBER_ID_HEADER]);
      // The header as endMember broadcast it (ours, never a client's).
      const until = headers[STOMP_HEADERS.suspendedUntilMs];
      const extra: Record<string, string> = until === undefined ? {} : { [STOMP_HEADERS.suspendedUntilMs]: until };
      stomp.closeWhere((p) => p.member.id === id, { message: STOMP_ERRORS.accountDisabled, code: 'AUTH_403_DISABLED', headers: extra });
      return;
    }
    const except = headers[EXCEPT_MEMBER_HEADER];
    if (except !== undefined) {
      // Typing and read markers: the other member's sessions only (the header itself is ours, not
      // the client's). A read marker may wait for the friend's next frame and leave in its socket
      // write: the `1`s go at most lazyDeliveryMs (100 ms) later (decision 0039). Typing goes at once.
      const { [EXCEPT_MEMBER_HEADER]: _, ...rest } = headers;
      stomp.publish(destination, body, rest, (p) => p.member.id !== Number(except), rest[STOMP_HEADERS.event] === CHAT_EVENT.read);
      return;
    }
    stomp.publish(destination, body, headers);
  });

  // Live delivery may have missed messages (a Redis outage): every local client resubscribes and
  // fetches what it missed. Nothing acknowledged is lost (it is stored); this makes clients show it.
  broker.onGap(() => {
    const ended = stomp.closeWhere(() => true, { message: STOMP_ERRORS.unavailable, code: 'COMMON503' });
    if (ended > 0) logger.warn({ sessions: ended }, 'chat: fan-out had a gap; sessions ended so clients catch up');
  });

  /**
   * The member's rooms stopped or started counting towards their friends' totals (section 16): each
   * friend's `event:room` is published like any other, so it reaches them on every instance; what
   * this instance kept of anyone's rooms is asked of the database again.
   */
  function tellFriendsOf(memberId: number): void {
    events.forget();
    void track(
      repo.friendsInRoomsOf(memberId).then(
        (rooms) => {
          for (const { roomId, friendId } of rooms) events.roomChanged(roomId, [friendId]);
        },
        // The friends' lists and totals are corrected by their next fetch or event.
        (err: unknown) => logger.warn({ err, memberId }, 'chat: the friends of a suspended or reinstated member could not be told'),
      ),
    );
  }

  return {
    stomp,
    roomChanged(roomId) {
      // Re-opened: it counts again for whoever had left it.
      events.forget();
      events.roomChanged(roomId);
    },
    memberRead(roomId, memberId, lastReadMessageId) {
      events.forget([memberId], roomId);
      events.read(roomId, memberId, lastReadMessageId);
    },
    memberLeft(memberId, roomId) {
      events.forget([memberId], roomId);
      broker.broadcast(roomLeft(roomId), '', { [MEMBER_ID_HEADER]: String(memberId) });
    },
    roomsCountChanged() {
      events.forget();
    },
    endSession(sessionId) {
      broker.broadcast(SESSION_ENDED, '', { [SESSION_ID_HEADER]: sessionId });
    },
    memberReinstated(memberId) {
      tellFriendsOf(memberId);
    },
    endMember(memberId, suspendedUntil) {
      broker.broadcast(MEMBER_DISABLED, '', { [MEMBER_ID_HEADER]: String(memberId), ...untilHeader(suspendedUntil) });
      // Their friends' rooms with them stop counting.
      tellFriendsOf(memberId);
    },
    notified(memberId, type, content) {
      const event: NotificationEvent = content === undefined ? { type } : { type, content };
      broker.publish(memberRoute(memberId), JSON.stringify(event), { 'content-type': 'application/json', [STOMP_HEADERS.event]: CHAT_EVENT.notification });
    },
    async shutdown() {
      await stomp.closeAll(STOMP_ERRORS.shuttingDown);
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}

/**
 * Mounts the STOMP endpoint. Browsers from other origins are turned away before the upgrade;
 * a request without Origin is a non-browser client and authenticates at CONNECT like everyone.
 */
export async function chatSocketRoutes(app: FastifyInstance, ctx: AppContext, socket: ChatSocket): Promise<void> {
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && !ctx.isAllowedOrigin(origin, request)) {
      request.log.info({ origin }, 'websocket upgrade from a foreign origin refused');
      return sendError(reply, new AppError('CHAT_403'));
    }
  };
  app.get(STOMP_ENDPOINT, { websocket: true, onRequest: checkOrigin }, (ws, request) => {
    releaseUpgrade(ws, request.raw);
    socket.stomp.handleConnection(ws, { ip: request.ip, headers: request.headers, socket: request.socket });
  });
}

/**
 * @fastify/websocket keeps the upgrade's request and reply alive as long as the socket: its
 * 'error' listener closes over both, and the hijacked ServerResponse stays attached to the TCP
 * socket (with fastify's 'finish' listener holding them again). That is ~3 KB per connection that
 * nothing reads after the upgrade (decision 0017). The session's own 'error' listener logs and
 * cuts the socket as the plugin's did.
 */
function releaseUpgrade(ws: WebSocket, raw: IncomingMessage): void {
  for (const listener of ws.listeners('error')) ws.off('error', listener as (err: Error) => void);
  const tcp = raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}
