import type { Command } from 'commander';
import { TOMBSTONE_DAYS } from '../domain/limits.ts';
import { pruneTombstones } from '../store/feed/change-feed.ts';
import { makePool } from '../store/pool.ts';
import { CENTRAL_NAME, listTenantDatabases, maskUrl } from '../store/tenant-directory.ts';
import type { WithStore } from './with-store.ts';
import { emit } from './output.ts';

/**
 * `changes prune`: deletes the change feed's tombstones older than the days kept (D45, ADR 0013) on
 * the central database and every registered tenant database. Meant for a daily schedule on one
 * host; running it on several at once, or twice, is harmless (see pruneTombstones).
 */
export function registerChangesCommands(program: Command, withStore: WithStore): void {
  const changes = program.command('changes').description('the change feeds (GET /v1/<resource>/alteracoes)');
  changes
    .command('prune')
    .description(
      `delete tombstones older than ${TOMBSTONE_DAYS} days on every database; cursors from before them are refused afterwards (run daily)`,
    )
    .option('--json', 'print one JSON document')
    .action(async (opts: { json?: boolean }) =>
      withStore(async (store) => {
        const pruned: Record<string, number> = { [CENTRAL_NAME]: await pruneTombstones(store.pool, TOMBSTONE_DAYS) };
        for (const tenant of await listTenantDatabases(store.central)) {
          const pool = makePool({ connectionString: tenant.url, max: 1 });
          try {
            pruned[tenant.name] = await pruneTombstones(pool, TOMBSTONE_DAYS);
          } catch (err) {
            throw new Error(
              `cannot prune on ${tenant.name} (${maskUrl(tenant.url)}): ${err instanceof Error ? err.message : String(err)}`,
              {
                cause: err,
              },
            );
          } finally {
            await pool.end().catch(() => undefined);
          }
        }
        emit(Boolean(opts.json), { pruned }, () =>
          Object.entries(pruned)
            .map(([name, n]) => `${name}: ${n} tombstone(s) pruned`)
            .join('\n'),
        );
      }),
    );
}
