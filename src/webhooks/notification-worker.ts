import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config/config.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { Store } from '../store/store.ts';
import type { TenantDatabase } from '../store/tables.ts';
import { ChangeScanner } from './change-scanner.ts';
import { Dispatcher } from './dispatcher.ts';
import { secretKeyReader } from './secret-key.ts';
import { NotificationSender } from './sender.ts';

/** The server's notification worker (D52-D55): the change scanner that queues events, and the dispatcher that sends them. */
export interface NotificationWorker {
  dispatcher: Dispatcher;
  /** reads the secrets' key (also used by the settings API to seal new secrets) */
  secretKey: () => Promise<Buffer>;
  stop(): Promise<void>;
}

export function startNotificationWorker(config: Config, store: Store, log: Logger, metrics: Metrics): NotificationWorker {
  if (config.webhooksAllowPrivate)
    log.warn('WEBHOOKS_ALLOW_PRIVATE is on: notifications may go to http:// and to private addresses; development and tests only (D55)');
  const sender = new NotificationSender({ allowPrivate: config.webhooksAllowPrivate });
  const secretKey = secretKeyReader(store.workerPool, config.webhooksSecretKey);
  // The worker's own pool (Store.worker): its statements stay out of the data API's queue.
  const dispatcher = new Dispatcher({ db: store.worker, sender, secretKey, log, metrics });
  const scanner = new ChangeScanner({
    db: store.worker,
    // The central database holds tenant tables too (ADR 0006): read them through the worker's pool.
    tenant: (ref) => (ref === null ? (store.worker as unknown as Kysely<TenantDatabase>) : store.tenant(ref)),
    log,
    metrics,
    dispatcher,
  });
  dispatcher.start();
  scanner.start();
  return {
    dispatcher,
    secretKey,
    async stop() {
      await scanner.stop();
      await dispatcher.stop();
      sender.close();
    },
  };
}
