import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** The chat's histograms: fine below 20 ms, where a campus's chat lives. */
const CHAT_BUCKETS = [
  0.0005, 0.001, 0.0015, 0.002, 0.003, 0.004, 0.005, 0.006, 0.008, 0.01, 0.0125, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 1,
  2.5,
];

/**
 * The series of contract section 18, in a registry of this app's own (not prom-client's global
 * one), so several apps in one process (tests, benchmarks) keep their counts apart. Recording is
 * a counter increment or a histogram observation: cheap enough for the chat hot path.
 */
export function createMetrics() {
  const registry = new Registry();
  // Process memory, CPU, event-loop lag (a histogram of its delay) and the like.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    httpRequests: new Counter({
      name: 'lunchchat_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'lunchchat_http_request_duration_seconds',
      help: 'HTTP request duration, by method and route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    stompConnections: new Gauge({ name: 'lunchchat_stomp_connections_open', help: 'Open STOMP (chat) connections on this instance', registers: [registry] }),
    chatMessagesStored: new Counter({
      name: 'lunchchat_chat_messages_stored_total',
      help: 'Chat messages stored (repeats of a client-message-id not counted)',
      registers: [registry],
    }),
    chatDelivery: new Histogram({
      name: 'lunchchat_chat_delivery_seconds',
      help: 'Chat SEND taken up → its MESSAGE handed to the subscribed sockets on this instance (validated, stored, committed, broadcast)',
      // bench/chat.ts reads its p50 and p99 from these.
      buckets: CHAT_BUCKETS,
      registers: [registry],
    }),
    chatCommit: new Histogram({
      name: 'lunchchat_chat_commit_seconds',
      help: 'The chat group commit: one batch (its statement and commit) as the writer waits for it, by what it held (messages, reads or both)',
      labelNames: ['batch'] as const,
      // A batch is the part of a message's delivery spent in the database. bench/chat.ts reads each
      // kind's p50 and p95, and the share of a run the batches kept the database busy.
      buckets: CHAT_BUCKETS,
      registers: [registry],
    }),
    pushSends: new Counter({
      name: 'lunchchat_push_sends_total',
      help: 'Device pushes, by outcome (sent, unregistered, failed, off, no-token, duplicate)',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    dbQueryDuration: new Histogram({
      name: 'lunchchat_db_query_duration_seconds',
      help: 'Database statement duration as the server waits for it (pool wait included on PostgreSQL)',
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    dbPool: new Gauge({
      name: 'lunchchat_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting)',
      labelNames: ['state'] as const,
      registers: [registry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
