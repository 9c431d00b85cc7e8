import { z } from 'zod';
import { durationSeconds } from '../contract/safety';
import { MEETUP_REMINDERS_DEFAULT, parseReminderOffsets } from '../contract/meetups';
import { CHAT_RATE_DEFAULT } from '../contract/stomp';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: optionalString,
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalString,
  /**
   * PGlite's buffer pool. PostgreSQL touches all of it at start, so it is resident memory from the
   * first second: 128MB (PostgreSQL's default) costs ~130 MB more RSS than 16MB. The files stay in
   * the OS page cache either way.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d{1,6}(kB|MB|GB)$/, 'PGLITE_SHARED_BUFFERS is a size such as 32MB')
    .default('32MB'),
  /**
   * How V8 compiles PGlite's postgres.wasm, each function when it first runs (decisions 0008 and
   * 0027). `lazy`: by the optimising compiler (TurboFan) only; `baseline`: by Liftoff only, the
   * quick compiler, whose code is slower; `optimizing`: V8's default, Liftoff first, then TurboFan
   * for hot functions, keeping both codes (~35 MB more with 2,000 chat connections than `lazy`).
   * Process-wide V8 flags; only WebAssembly is affected.
   */
  PGLITE_WASM_TIER: z.enum(['lazy', 'baseline', 'optimizing']).default('lazy'),
  /** `full`: a commit (and so a chat RECEIPT) is on disk before it is acknowledged; `relaxed`: PGlite's own default, fsync off (faster, loses the last commits on a power loss). */
  PGLITE_DURABILITY: z.enum(['full', 'relaxed']).default('full'),
  REDIS_URL: optionalString,
  /** The API's public origin, e.g. https://api.lunchchat.kr. Used for IdP redirect URIs and issued file URLs. */
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /** The PWA's origin when it is served elsewhere (CORS with credentials, post-login redirect). */
  APP_URL: optionalString.pipe(z.url().optional()),
  /** Extra allowed browser origins, comma separated (CORS + WebSocket origin check). */
  CORS_ORIGINS: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(30 * 60),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  LOCAL_SIGNIN: bool,
  /** Comma-separated e-mail domains allowed to sign in; empty = any (others become UMC대). */
  ALLOWED_EMAIL_DOMAINS: optionalString,
  /** Operators (contract section 16): comma-separated e-mails that may use /api/admin/** and the /admin console. */
  ADMIN_EMAILS: optionalString,
  DEMO_MEMBERS: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Serve the built PWA from this folder (same origin). */
  STATIC_DIR: z.string().default('./dist'),
  TRUST_PROXY: bool,
  /** `pretty` (pino-pretty, for a person at a terminal) or `json`; default pretty only in development on a TTY. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** Redis channel/key prefix; default derived from the database (contract section 18). */
  REDIS_CHANNEL_PREFIX: optionalString.pipe(
    z
      .string()
      .regex(/^[\w.:-]{1,64}$/)
      .optional(),
  ),
  /** Bearer token /metrics requires; open without it (contract section 18). */
  METRICS_TOKEN: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FIREBASE_SERVICE_ACCOUNT: optionalString,
  LLM_BASE_URL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** The keyword model answers within this or the local extractor does. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Per member and minute (429 COMMON429 beyond): match requests, keywordAI calls, upload URLs. */
  RATE_LIMIT_MATCHES: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_KEYWORD_AI: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS: z.coerce.number().int().min(1).default(20),
  /** Section 15: a REQUESTED match older than this becomes EXPIRED (a number with s, m, h or d). */
  MATCH_REQUEST_TTL: z
    .string()
    .default('72h')
    .transform((v, ctx) => {
      const seconds = durationSeconds(v);
      if (seconds === undefined || seconds < 1) {
        ctx.addIssue({ code: 'custom', message: 'MATCH_REQUEST_TTL is a duration such as 72h, 30m, 90s or 3d' });
        return z.NEVER;
      }
      return seconds;
    }),
  /** Section 15: REQUESTED matches a member may have sent and still open (429 MATCH_429_PENDING beyond). */
  MAX_PENDING_REQUESTS: z.coerce.number().int().min(1).max(1000).default(10),
  /**
   * Chat SENDs per member and second on an instance, and the burst above it: `10,30` (the default).
   * The excess gets a STOMP ERROR and is not stored (contract section 17).
   */
  CHAT_RATE: z
    .string()
    .regex(/^\s*\d{1,5}\s*(,\s*\d{1,6}\s*)?$/, 'CHAT_RATE is "<per second>,<burst>", e.g. 10,30')
    .optional()
    .transform((v) => {
      if (v === undefined || v.trim() === '') return { ...CHAT_RATE_DEFAULT };
      const [perSecond, burst] = v.split(',').map((n) => Number(n.trim()));
      return { perSecond: Math.max(1, perSecond!), burst: Math.max(1, burst ?? perSecond! * 3) };
    }),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('ap-northeast-2'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString,
  /** Meetup reminders before `startsAt` (contract section 14): comma-separated offsets with s/m/h, e.g. `60m,10m`. */
  MEETUP_REMINDERS: z
    .string()
    .default(MEETUP_REMINDERS_DEFAULT)
    .refine((v) => parseReminderOffsets(v) !== null, 'MEETUP_REMINDERS is a list such as 60m,10m (units s, m, h)'),
  /** How often each instance looks for due jobs (reminders, check-ins), in ms; jobs fire within this of their time. */
  JOBS_POLL_MS: z.coerce.number().int().min(100).max(30_000).default(5000),
  /**
   * Browser tests only: adds PUT /api/test/meetup-clock { shiftMs }, moving the clock of the meetup
   * request rules (not the job scheduler's), so a test can reach "after the end" without waiting.
   * Refused in production.
   */
  MEETUP_TEST_CLOCK: bool,
});

type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DEMO_MEMBERS' | 'CORS_ORIGINS' | 'ALLOWED_EMAIL_DOMAINS' | 'ADMIN_EMAILS' | 'HOST'> {
  /** The listen address: HOST, else 127.0.0.1 while the local sign-in is on, else 0.0.0.0. */
  HOST: string;
  /** The listen address is a loopback one (127.0.0.0/8, ::1, localhost), set or by default: the server keeps to this machine. */
  loopbackOnly: boolean;
  production: boolean;
  demoMembers: number;
  corsOrigins: string[];
  allowedEmailDomains: string[];
  /** ADMIN_EMAILS, lower-cased (e-mails are stored lower-cased). */
  adminEmails: string[];
  googleEnabled: boolean;
  localSignInEnabled: boolean;
  /** MEETUP_REMINDERS parsed: offsets in ms, largest first. */
  meetupReminderOffsetsMs: number[];
}

export class ConfigError extends Error {}

/** Parses the environment once at boot; a bad value stops the server with a readable message. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const googleEnabled = Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
  if (production && !e.JWT_SECRET) throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');
  // Absolute URLs (upload targets, file URLs, the IdP redirect) are built from it, never from the
  // request's Host header, which any client can set.
  if (production && e.MEETUP_TEST_CLOCK) throw new ConfigError('Invalid configuration:\n  MEETUP_TEST_CLOCK: not allowed in production');
  if (production && !e.PUBLIC_URL)
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: required in production (the public origin, e.g. https://lunchchat.example)');
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  // The local page signs anyone in as any e-mail: a server that shows it listens on this machine
  // only, unless HOST says otherwise on purpose (a forgotten NODE_ENV must not open it to a network).
  const localSignInEnabled = production ? e.LOCAL_SIGNIN : e.LOCAL_SIGNIN || !googleEnabled;
  const host = e.HOST ?? (localSignInEnabled ? '127.0.0.1' : '0.0.0.0');
  return {
    ...e,
    HOST: host,
    loopbackOnly: isLoopbackHost(host),
    production,
    demoMembers: e.DEMO_MEMBERS ?? (production || e.NODE_ENV === 'test' ? 0 : 200),
    corsOrigins: [...new Set([...list(e.CORS_ORIGINS), ...(e.APP_URL ? [new URL(e.APP_URL).origin] : [])])],
    allowedEmailDomains: list(e.ALLOWED_EMAIL_DOMAINS).map((d) => d.toLowerCase()),
    adminEmails: list(e.ADMIN_EMAILS).map((a) => a.toLowerCase()),
    googleEnabled,
    // The local page is a development convenience: never on in production unless asked for explicitly.
    localSignInEnabled,
    meetupReminderOffsetsMs: parseReminderOffsets(e.MEETUP_REMINDERS) ?? [],
  };
}

/** The boot warning while the local sign-in page is on (it lets anyone sign in as any e-mail), said loudly. */
export function localSignInWarning(config: Pick<Config, 'localSignInEnabled' | 'loopbackOnly' | 'HOST'>): string | undefined {
  if (!config.localSignInEnabled) return undefined;
  return config.loopbackOnly
    ? `The local sign-in page is on (anyone can sign in as any e-mail): listening on ${config.HOST} only. Set HOST to listen elsewhere, or configure Google sign-in.`
    : `The local sign-in page is on (anyone can sign in as any e-mail) and HOST=${config.HOST} was set explicitly: it is reachable from the network.`;
}

/** 127.0.0.0/8, ::1 (also written out or IPv4-mapped) and localhost: addresses no other machine reaches. */
function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(v4);
}
