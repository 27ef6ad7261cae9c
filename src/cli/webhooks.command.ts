import type { Command } from 'commander';
import { loadConfig } from '../config/config.ts';
import { OPERATOR } from '../credentials/audit.ts';
import { parseInteger } from '../domain/integer.ts';
import { WEBHOOK_DELIVERY_LOG_SIZE } from '../domain/limits.ts';
import type { Store } from '../store/store.ts';
import {
  createEndpoint,
  deleteEndpointById,
  deliveriesOf,
  listEndpointsOf,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
  type EndpointChange,
  type EndpointDocument,
  type WebhookContext,
} from '../webhooks/endpoints.service.ts';
import { secretKeyReader } from '../webhooks/secret-key.ts';
import type { WithStore } from './with-store.ts';
import { emit, UsageError } from './output.ts';

/** The operator acts for any company: `empresaId` null in every call (D51's rules still hold). */
function context(store: Store): WebhookContext {
  const config = loadConfig();
  return { db: store.central, secretKey: secretKeyReader(store.pool, config.webhooksSecretKey), allowPrivate: config.webhooksAllowPrivate };
}

function endpointId(text: string): number {
  const id = parseInteger(text, 1);
  if (id === null) throw new UsageError(`the endpoint id must be a positive integer, got "${text}"`);
  return id;
}

const resourceList = (text: string): string[] =>
  text
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');

function activeFlag(text: string): boolean {
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw new UsageError(`--active must be true or false, got "${text}"`);
}

const line = (w: EndpointDocument): string =>
  `${String(w.id).padStart(4)}  ${w.status.padEnd(21)}  ${w.url}  [${w.resources.join(' ')}]${w.reason === null ? '' : `\n      ${w.reason}`}`;

export function registerWebhooksCommands(program: Command, withStore: WithStore): void {
  const webhooks = program.command('webhooks').description("manage a credential's notification endpoints (acts as the operator; audited)");

  webhooks
    .command('create <client_id>')
    .description('add an endpoint; its signing secret is printed only now')
    .requiredOption('--url <url>', 'https:// address that receives the events')
    .requiredOption('--resources <list>', 'comma-separated resources to follow, e.g. clientes,contas-receber')
    .option('--json', 'print one JSON document')
    .action(async (clientId: string, opts: { url: string; resources: string; json?: boolean }) =>
      withStore(async (store) => {
        const created = await createEndpoint(
          context(store),
          { empresaId: null, clientId, url: opts.url, resources: resourceList(opts.resources) },
          OPERATOR,
        );
        emit(Boolean(opts.json), created, () =>
          [
            `Created notification endpoint ${created.id} for ${created.client_id}.`,
            `  url:       ${created.url}`,
            `  resources: ${created.resources.join(' ')}`,
            `  secret:    ${created.secret}`,
            'The secret is shown only now: the receiver verifies each event with it (Standard Webhooks).',
          ].join('\n'),
        );
      }),
    );

  webhooks
    .command('list <client_id>')
    .description("list a credential's endpoints (never a secret)")
    .option('--json', 'print one JSON document')
    .action(async (clientId: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const list = await listEndpointsOf(context(store), null, clientId);
        emit(Boolean(opts.json), { webhooks: list }, () => (list.length === 0 ? 'No notification endpoints.' : list.map(line).join('\n')));
      }),
    );

  webhooks
    .command('update <id>')
    .description('change the URL or the resources; --active false pauses, true resumes or re-enables (one fresh event per resource)')
    .option('--url <url>', 'new https:// address')
    .option('--resources <list>', 'comma-separated resources to follow')
    .option('--active <true|false>', 'pause (false) or resume (true)')
    .option('--json', 'print one JSON document')
    .action(async (id: string, opts: { url?: string; resources?: string; active?: string; json?: boolean }) =>
      withStore(async (store) => {
        const change: EndpointChange = {
          ...(opts.url === undefined ? {} : { url: opts.url }),
          ...(opts.resources === undefined ? {} : { resources: resourceList(opts.resources) }),
          ...(opts.active === undefined ? {} : { active: activeFlag(opts.active) }),
        };
        if (Object.keys(change).length === 0) throw new UsageError('nothing to change: give --url, --resources or --active');
        const updated = await updateEndpoint(context(store), null, endpointId(id), change, OPERATOR);
        emit(Boolean(opts.json), updated, () => line(updated));
      }),
    );

  webhooks
    .command('rotate-secret <id>')
    .description('a new signing secret, printed only now; the old one still signs for 24 h')
    .option('--json', 'print one JSON document')
    .action(async (id: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const rotated = await rotateEndpointSecret(context(store), null, endpointId(id), OPERATOR);
        emit(
          Boolean(opts.json),
          rotated,
          () =>
            `New secret for endpoint ${rotated.id}: ${rotated.secret}\nThe previous one also signs until ${rotated.previous_valid_until}.`,
        );
      }),
    );

  webhooks
    .command('test <id>')
    .description('queue a "teste" event to the endpoint (tried once; see `webhooks deliveries`)')
    .option('--json', 'print one JSON document')
    .action(async (id: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const queued = await sendTestEvent(context(store), null, endpointId(id), OPERATOR);
        emit(Boolean(opts.json), queued, () => `Queued test event ${queued.event_id}.`);
      }),
    );

  webhooks
    .command('deliveries <id>')
    .description(`the endpoint's latest attempts, newest first (at most ${WEBHOOK_DELIVERY_LOG_SIZE} are kept)`)
    .option('--limit <n>', 'how many', String(WEBHOOK_DELIVERY_LOG_SIZE))
    .option('--json', 'print one JSON document')
    .action(async (id: string, opts: { limit: string; json?: boolean }) =>
      withStore(async (store) => {
        const limit = parseInteger(opts.limit, 1);
        if (limit === null || limit > WEBHOOK_DELIVERY_LOG_SIZE)
          throw new UsageError(`--limit must be from 1 to ${WEBHOOK_DELIVERY_LOG_SIZE}`);
        const deliveries = await deliveriesOf(context(store), null, endpointId(id), limit);
        emit(Boolean(opts.json), { deliveries }, () =>
          deliveries.length === 0
            ? 'No attempts yet.'
            : deliveries
                .map((d) => `${d.at}  ${d.event_id}  ${d.tipo.padEnd(22)}  #${d.attempt}  ${d.http_status ?? d.error}  ${d.duration_ms} ms`)
                .join('\n'),
        );
      }),
    );

  webhooks
    .command('delete <id>')
    .description('remove the endpoint, its queued events and its delivery log')
    .option('--json', 'print one JSON document')
    .action(async (id: string, opts: { json?: boolean }) =>
      withStore(async (store) => {
        const deleted = await deleteEndpointById(context(store), null, endpointId(id), OPERATOR);
        emit(Boolean(opts.json), deleted, () => `Deleted notification endpoint ${deleted.id}.`);
      }),
    );
}
