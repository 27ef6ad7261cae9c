import client from 'prom-client';
import { TOKEN_PATH } from '../domain/api-paths.ts';

/**
 * Prometheus metrics (GET /metrics, or METRICS_PORT). Everything is derived from finished
 * responses in one hook, so no route needs to know about metrics: rate-limit rejections are
 * the 429s, store errors the 503s, tokens issued the token endpoint's 200s.
 */
export class Metrics {
  readonly registry = new client.Registry();

  private readonly requests = new client.Counter({
    name: 'api_externa_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  private readonly latency = new client.Histogram({
    name: 'api_externa_request_duration_seconds',
    help: 'Time to answer a request, by route pattern',
    labelNames: ['route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  private readonly rateLimited = new client.Counter({
    name: 'api_externa_rate_limit_rejections_total',
    help: 'Requests refused with 429 (data windows, token attempts, unauthenticated floods), by route pattern',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  private readonly tokensIssued = new client.Counter({
    name: 'api_externa_tokens_issued_total',
    help: 'Access tokens issued by POST /v1/oauth/token',
    registers: [this.registry],
  });

  private readonly storeErrors = new client.Counter({
    name: 'api_externa_store_unavailable_total',
    help: 'Requests answered 503 because a database was unavailable (D38)',
    labelNames: ['route'] as const,
    registers: [this.registry],
  });

  /** Notifications (D52-D54): events queued, attempts by outcome, and how long after queueing an event was delivered. */
  readonly webhookEvents = new client.Counter({
    name: 'api_externa_webhook_events_total',
    help: 'Notification events queued, by tipo (changes joined to an event already waiting are not counted)',
    labelNames: ['tipo'] as const,
    registers: [this.registry],
  });

  readonly webhookAttempts = new client.Counter({
    name: 'api_externa_webhook_attempts_total',
    help: 'Notification attempts by outcome: entregue (2xx), falhou (another status or a network error), recusado (non-public address), descartado (credential ended)',
    labelNames: ['resultado'] as const,
    registers: [this.registry],
  });

  readonly webhookDeliveryLag = new client.Histogram({
    name: 'api_externa_webhook_delivery_lag_seconds',
    help: 'From a notification event queued to its delivery (2xx)',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800, 7200, 86_400],
    registers: [this.registry],
  });

  /** D59: request-log entries not kept because the store could not keep up (also shown in settings). */
  readonly requestLogDropped = new client.Counter({
    name: 'api_externa_request_log_dropped_total',
    help: 'Request-log entries dropped because the writer queue was full (the store slower than the requests, or away)',
    registers: [this.registry],
  });

  constructor() {
    client.collectDefaultMetrics({ register: this.registry, prefix: 'api_externa_' });
  }

  /** Records one answered request. `route` is the pattern (never the URL: it may hold a CPF). */
  observe(route: string | undefined, method: string, status: number, seconds: number): void {
    const pattern = route ?? 'unmatched';
    this.requests.inc({ route: pattern, method, status: String(status) });
    this.latency.observe({ route: pattern }, seconds);
    if (status === 429) this.rateLimited.inc({ route: pattern });
    if (status === 503) this.storeErrors.inc({ route: pattern });
    if (status === 200 && method === 'POST' && pattern === TOKEN_PATH) this.tokensIssued.inc();
  }

  /** Adds a gauge read at scrape time (e.g. whether rate limits fell back to local windows). */
  gauge(name: string, help: string, read: () => number): void {
    new client.Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
