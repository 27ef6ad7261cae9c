import type { Command } from 'commander';
import { parseInteger } from '../domain/integer.ts';
import { REQUEST_LOG_RETENTION_DAYS } from '../domain/limits.ts';
import { isStatusClass, STATUS_CLASSES } from '../request-log/request-log-entry.ts';
import { dropExpiredDays, ensurePartition, searchRequests } from '../request-log/request-log.query.ts';
import { addDays, todayInSaoPaulo } from '../time/sao-paulo-date.ts';
import type { WithStore } from './with-store.ts';
import { emit, UsageError } from './output.ts';

/** At most this many requests in one `logs search` answer. */
const MAX_LIMIT = 1000;

interface SearchOptions {
  company: string;
  clientId?: string;
  status?: string;
  path?: string;
  requestId?: string;
  limit: string;
  json?: boolean;
}

/**
 * `logs search` and `logs prune` (D59, interfaces.md): the request log as the operator reads it —
 * the same filters as the settings page, newest first — and its daily upkeep: the days past the
 * retention dropped whole, the next days' partitions made ahead.
 */
export function registerLogsCommands(program: Command, withStore: WithStore): void {
  const logs = program.command('logs').description("the request log: each credential's requests, kept 30 days");
  logs
    .command('search')
    .description('a company’s logged requests, newest first')
    .requiredOption('--company <id>', 'company id')
    .option('--client-id <id>', 'only this credential')
    .option('--status <class>', `only this status class: ${STATUS_CLASSES.join(', ')}`)
    .option('--path <prefix>', 'only paths that start with this, e.g. /v1/clientes')
    .option('--request-id <uuid>', 'only the request with this X-Request-Id')
    .option('--limit <n>', `at most this many (1 to ${MAX_LIMIT})`, '50')
    .option('--json', 'print one JSON document')
    .action(async (opts: SearchOptions) =>
      withStore(async (store) => {
        const empresaId = parseInteger(opts.company, 1);
        if (empresaId === null) throw new UsageError(`--company must be a positive integer, got "${opts.company}"`);
        const limit = parseInteger(opts.limit, 1);
        if (limit === null || limit > MAX_LIMIT) throw new UsageError(`--limit must be 1 to ${MAX_LIMIT}, got "${opts.limit}"`);
        if (opts.status !== undefined && !isStatusClass(opts.status))
          throw new UsageError(`--status must be one of ${STATUS_CLASSES.join(', ')}, got "${opts.status}"`);
        const { requests } = await searchRequests(store.central, empresaId, {
          clientId: opts.clientId,
          status: opts.status,
          path: opts.path,
          requestId: opts.requestId,
          limit,
        });
        emit(Boolean(opts.json), { requests }, () =>
          requests.length === 0
            ? 'No requests.'
            : requests
                .map(
                  (r) =>
                    `${r.at}  ${r.client_id}  ${r.status} ${r.codigo ?? ''}  ${r.method} ${r.path}  ${r.duration_ms} ms  ${r.ip}  ${r.request_id}`,
                )
                .join('\n'),
        );
      }),
    );
  logs
    .command('prune')
    .description(`drop the days older than ${REQUEST_LOG_RETENTION_DAYS} whole, and make the next days ahead (run daily)`)
    .option('--json', 'print one JSON document')
    .action(async (opts: { json?: boolean }) =>
      withStore(async (store) => {
        const today = todayInSaoPaulo();
        const dropped = await dropExpiredDays(store.central, today);
        for (let ahead = 0; ahead <= 2; ahead++) await ensurePartition(store.central, addDays(today, ahead));
        emit(Boolean(opts.json), { dropped_days: dropped }, () =>
          dropped.length === 0 ? 'No day to drop.' : `Dropped ${dropped.length} day(s): ${dropped.join(', ')}`,
        );
      }),
    );
}
