import type { Command } from 'commander';
import { OPERATOR, recordAudit } from '../credentials/audit.ts';
import { parseInteger } from '../domain/integer.ts';
import {
  assignCompany,
  CENTRAL_NAME,
  checkTenantName,
  checkTenantUrl,
  listTenantDatabases,
  maskUrl,
  prepareTenantDatabase,
  registerTenantDatabase,
  TenantDirectoryError,
} from '../store/tenant-directory.ts';
import type { WithStore } from './with-store.ts';
import { emit, UsageError } from './output.ts';

/** Directory mistakes are the operator's: a message on stderr, no stack trace. */
async function operatorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof TenantDirectoryError) throw new UsageError(err.message);
    throw err;
  }
}

function companyId(text: string): number {
  const id = parseInteger(text, 1);
  if (id === null) throw new UsageError(`<company> must be a positive integer, got "${text}"`);
  return id;
}

const NOT_MOVED =
  'Assigning does not move data already stored: the company is read, and imported, from its new database from then on; ' +
  'run `import` with its records afterwards.';

/**
 * `tenants add|assign|list|migrate`: the tenant directory in the central database (ADR 0006).
 * Changes act on the running server's next request (the directory is read with each token).
 */
export function registerTenantsCommands(program: Command, withStore: WithStore): void {
  const tenants = program
    .command('tenants')
    .description('tenant databases: which PostgreSQL database holds each company (default: the central one)');

  tenants
    .command('add <name> <url>')
    .description(
      'register a tenant database (or change its URL) and apply the tenant migrations to it; url: postgres://user:password@host:port/database',
    )
    .option('--json', 'print one JSON document')
    .action(async (name: string, url: string, opts: { json?: boolean }) =>
      operatorErrors(() =>
        withStore(async (store) => {
          checkTenantName(name);
          checkTenantUrl(url);
          // Prepared before it is registered: the directory never names a database without the schema.
          const applied = await prepareTenantDatabase(url);
          const { previousUrl } = await store.central.transaction().execute(async (trx) => {
            const registered = await registerTenantDatabase(trx, name, url);
            await recordAudit(trx, {
              empresaId: null,
              credentialId: null,
              actor: OPERATOR,
              action: 'tenant_db.add',
              details: {
                name,
                url: maskUrl(url),
                ...(registered.previousUrl === null ? {} : { previous_url: maskUrl(registered.previousUrl) }),
              },
            });
            return registered;
          });
          const status = previousUrl === null ? 'added' : previousUrl === url ? 'unchanged' : 'updated';
          emit(Boolean(opts.json), { name, url: maskUrl(url), status, applied }, () =>
            [
              `Tenant database "${name}" ${status} (${maskUrl(url)}).`,
              applied.length > 0 ? `Applied:\n${applied.map((n) => `  ${n}`).join('\n')}` : 'Its schema is up to date.',
            ].join('\n'),
          );
        }),
      ),
    );

  tenants
    .command('assign <company> [name]')
    .description(`place a company on a tenant database; "${CENTRAL_NAME}" or no name = back to the central database. ${NOT_MOVED}`)
    .option('--json', 'print one JSON document')
    .action(async (company: string, name: string | undefined, opts: { json?: boolean }) =>
      operatorErrors(() =>
        withStore(async (store) => {
          const empresaId = companyId(company);
          const target = name === undefined || name === CENTRAL_NAME ? null : checkTenantName(name);
          const { previous } = await store.central.transaction().execute(async (trx) => {
            const assigned = await assignCompany(trx, empresaId, target);
            await recordAudit(trx, {
              empresaId,
              credentialId: null,
              actor: OPERATOR,
              action: 'tenant_db.assign',
              details: { from: assigned.previous ?? CENTRAL_NAME, to: target ?? CENTRAL_NAME },
            });
            return assigned;
          });
          const to = target ?? CENTRAL_NAME;
          const from = previous ?? CENTRAL_NAME;
          emit(Boolean(opts.json), { company: empresaId, tenant: to, previous: from }, () =>
            [`Company ${empresaId} is now on "${to}" (was "${from}").`, from === to ? '' : NOT_MOVED].filter((l) => l !== '').join('\n'),
          );
        }),
      ),
    );

  tenants
    .command('list')
    .description(
      'registered tenant databases (passwords masked) and the companies on each; companies not listed are on the central database',
    )
    .option('--json', 'print one JSON document')
    .action(async (opts: { json?: boolean }) =>
      withStore(async (store) => {
        const list = (await listTenantDatabases(store.central)).map((t) => ({ name: t.name, url: maskUrl(t.url), companies: t.companies }));
        emit(Boolean(opts.json), { tenants: list }, () =>
          list.length === 0
            ? 'No tenant databases: every company is on the central database.'
            : list.map((t) => `${t.name}  ${t.url}  companies: ${t.companies.join(', ') || '(none)'}`).join('\n'),
        );
      }),
    );

  tenants
    .command('migrate')
    .description('apply pending tenant migrations to every registered tenant database (the central one: `migrate`)')
    .option('--json', 'print one JSON document')
    .action(async (opts: { json?: boolean }) =>
      operatorErrors(() =>
        withStore(async (store) => {
          const applied: Record<string, string[]> = {};
          for (const t of await listTenantDatabases(store.central)) applied[t.name] = await prepareTenantDatabase(t.url);
          emit(Boolean(opts.json), { applied }, () =>
            Object.keys(applied).length === 0
              ? 'No tenant databases.'
              : Object.entries(applied)
                  .map(([name, names]) => `${name}: ${names.length > 0 ? names.join(', ') : 'up to date'}`)
                  .join('\n'),
          );
        }),
      ),
    );
}
