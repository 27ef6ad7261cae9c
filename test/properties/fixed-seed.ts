import fc from 'fast-check';

/**
 * Property tests run with a fixed seed, so `npm test` is repeatable and a failure can be replayed
 * as it happened. `FAST_CHECK_SEED` and `FAST_CHECK_RUNS` explore further (docs/reliability.md).
 */
export const SEED = Number(process.env.FAST_CHECK_SEED ?? 20261124);
export const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 500);

fc.configureGlobal({ seed: SEED, numRuns: RUNS, endOnFailure: true });

export { fc };
