import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { seedSynthetic, type SyntheticProgress } from '../demo/seed-synthetic.ts';
import { PER_THOUSAND_RECORDS, SYNTHETIC_ID_BASE, SYNTHETIC_LIMITS } from '../demo/synthetic.ts';
import { parseInteger } from '../domain/integer.ts';
import type { WithStore } from './with-store.ts';
import { emit, UsageError } from './output.ts';

function integerOption(flag: string, text: string, min: number, max: number): number {
  const n = parseInteger(text, min, max);
  if (n === null) throw new UsageError(`${flag} must be an integer from ${min} to ${max}, got "${text}"`);
  return n;
}

const shares = Object.entries(PER_THOUSAND_RECORDS)
  .filter(([name]) => name !== 'contas_receber')
  .map(([name, perThousand]) => `${name} ${perThousand / 10}%`)
  .join(', ');

const HELP = `
Records: --records receivables (contas_receber), spread evenly across the companies; the
other resources as a share of it:
  ${shares}
Technicians, suppliers, leads and users grow slowly with the companies' size. Dates spread
over ~24 months around today.
Ids start above ${SYNTHETIC_ID_BASE} and depend only on the options: re-running with the same
options upserts the same records, and the same --seed gives the same values.

Not one transaction, unlike "import": each collection is loaded in its own transaction(s),
so an interrupted run keeps the collections already loaded. A large collection has its
tables' read indexes dropped and rebuilt inside its transaction, which locks those tables
while it loads: generate before a benchmark, not during one.`;

interface Options {
  companies: string;
  records: string;
  seed: string;
  json?: boolean;
}

/** A progress bar on an interactive terminal only: nothing for --json, pipes or files. */
function progressBar(json: boolean): { onProgress?: SyntheticProgress; stop(): void } {
  if (json || process.stdout.isTTY !== true) return { stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stdout,
      format: 'seed generate [{bar}] {percentage}% | {value}/{total} records | {duration_formatted} | ETA {eta_formatted}',
      clearOnComplete: true,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    onProgress: (done, total) => {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(done);
    },
    stop: () => started && bar.stop(),
  };
}

export function registerSeedGenerateCommand(seed: Command, withStore: WithStore): void {
  seed
    .command('generate')
    .description('generate synthetic data at scale for benchmarks (not one transaction: see below)')
    .requiredOption('--companies <n>', 'number of companies')
    .requiredOption('--records <n>', 'receivables in all; the other resources are sized from it')
    .option('--seed <n>', 'seed of the generator', '1')
    .option('--json', 'print one JSON document')
    .addHelpText('after', HELP)
    .action(async (opts: Options) => {
      const options = {
        companies: integerOption('--companies', opts.companies, 1, SYNTHETIC_LIMITS.companies),
        records: integerOption('--records', opts.records, 0, SYNTHETIC_LIMITS.records),
        seed: integerOption('--seed', opts.seed, 0, 2 ** 32 - 1),
      };
      await withStore(async (store) => {
        const started = performance.now();
        const progress = progressBar(Boolean(opts.json));
        let result;
        try {
          result = await seedSynthetic(store.pool, options, { onProgress: progress.onProgress });
        } finally {
          progress.stop();
        }
        const seconds = Math.round(performance.now() - started) / 1000;
        emit(Boolean(opts.json), { generated: result.generated, seconds }, () =>
          [
            `Generated in ${seconds} s (${options.companies} companies, seed ${options.seed}):`,
            ...Object.entries(result.generated).map(([name, n]) => `  ${name}: ${n} (${result.seconds[name]} s)`),
          ].join('\n'),
        );
      });
    });
}
