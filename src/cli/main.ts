import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError, loadConfig } from '../config/config.ts';
import { CredentialError, CredentialLimitError } from '../credentials/credentials.service.ts';
import { seedDemoData } from '../demo/seed-demo.ts';
import { importDataset } from '../store/import/import.ts';
import { ImportError } from '../store/import/import.ts';
import { migrate } from '../store/migrate.ts';
import { openStore } from '../store/store.ts';
import { registerChangesCommands } from './changes.command.ts';
import { registerLogsCommands } from './logs.command.ts';
import { registerCredentialsCommands } from './credentials.command.ts';
import { registerSeedGenerateCommand } from './seed-generate.command.ts';
import { registerTenantsCommands } from './tenants.command.ts';
import { registerWebhooksCommands } from './webhooks.command.ts';
import { WebhookError, WebhookNotFound } from '../webhooks/endpoints.service.ts';
import { emit, UsageError } from './output.ts';
import { withStore } from './with-store.ts';

function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${file} is not valid JSON: ${(err as Error).message}`);
  }
}

/** The version of package.json, the one the server and the CHANGELOG speak of. */
function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

function countsText(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([collection, n]) => `  ${collection}: ${n}`)
    .join('\n');
}

function buildProgram(): Command {
  const program = new Command()
    .name('api-externa')
    .description('Operator commands for api-externa. They read DATA_DIR or DATABASE_URL like the server.')
    .version(packageVersion(), '-V, --version', 'print the version of api-externa')
    .exitOverride()
    .showHelpAfterError();

  program
    .command('migrate')
    .description('create or update the database schema')
    .option('--json', 'print one JSON document')
    .action(async (opts: { json?: boolean }) => {
      const store = await openStore(loadConfig(), { embeddedRole: 'any', poolMax: 2 });
      try {
        const applied = await migrate(store.pool, ['central', 'tenant']);
        emit(Boolean(opts.json), { applied }, () =>
          applied.length ? `Applied:\n${applied.map((n) => `  ${n}`).join('\n')}` : 'Schema is up to date.',
        );
      } finally {
        await store.close();
      }
    });

  program
    .command('import <file>')
    .description('load a data set (JSON): all records or none (one transaction per database involved)')
    .option('--json', 'print one JSON document')
    .action(async (file: string, opts: { json?: boolean }) => {
      const input = readJsonFile(file);
      await withStore(async (store) => {
        const { imported } = await importDataset(store.pool, input);
        emit(Boolean(opts.json), { imported }, () => `Imported:\n${countsText(imported)}`);
      });
    });

  registerCredentialsCommands(program, withStore);
  registerTenantsCommands(program, withStore);
  registerChangesCommands(program, withStore);
  registerLogsCommands(program, withStore);
  registerWebhooksCommands(program, withStore);

  const seed = program.command('seed').description('load demo or synthetic data');
  seed
    .command('demo')
    .description('load the demo data set')
    .option('--json', 'print one JSON document')
    .action(async (opts: { json?: boolean }) =>
      withStore(async (store) => {
        const imported = await seedDemoData(store.pool);
        emit(Boolean(opts.json), { imported }, () => `Demo data loaded:\n${countsText(imported)}`);
      }),
    );
  registerSeedGenerateCommand(seed, withStore);
  return program;
}

function explain(err: unknown): string {
  if (err instanceof ImportError)
    return [err.message, ...err.issues.slice(1, 20).map((i) => `  ${i.collection}[${i.index ?? '-'}].${i.field}: ${i.message}`)].join('\n');
  if (err instanceof CredentialError) return `${err.field}: ${err.message}`;
  if (err instanceof CredentialLimitError) return err.message;
  if (err instanceof WebhookError) return `${err.field}: ${err.message}`;
  if (err instanceof WebhookNotFound) return err.message;
  if (err instanceof UsageError || err instanceof ConfigError) return err.message;
  return `unexpected failure: ${err instanceof Error ? err.message : String(err)}`;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((err: unknown) => {
    if (err instanceof CommanderError) process.exit(err.exitCode);
    process.stderr.write(`error: ${explain(err)}\n`);
    process.exit(1);
  });
