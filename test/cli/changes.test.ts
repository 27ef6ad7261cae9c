import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { loadConfig } from '../../src/config/config.ts';
import { importDataset } from '../../src/store/import/import.ts';
import { migrate } from '../../src/store/migrate.ts';
import { openStore } from '../../src/store/store.ts';
import { runCli, tempDataDir } from '../helpers/processes.ts';

/**
 * `changes prune` (D45, ADR 0013) as the operator runs it: tombstones older than 30 days go, younger
 * ones and live records stay, and a second run finds nothing. The store is prepared in this process
 * (embedded, no server), then closed, so the CLI hosts it as it would on a quiet machine.
 */
let dataDir: string;

before(async () => {
  dataDir = tempDataDir();
  const store = await openStore(loadConfig({ DATA_DIR: dataDir }), { embeddedRole: 'host' });
  try {
    await migrate(store.pool, ['central', 'tenant']);
    const cliente = (id: number) => ({ id, empresa_id: 1, tipo_pessoa: 'fisica' as const, nome: `C${id}` });
    await importDataset(store.pool, { empresas: [{ id: 1, nome: 'E' }], clientes: [cliente(1), cliente(2), cliente(3)] });
    await store.pool.query('DELETE FROM clientes WHERE id IN (1, 2)');
    await store.pool.query("UPDATE alteracoes SET atualizado_em = now() - interval '31 days' WHERE registro_id = 1");
  } finally {
    await store.close();
  }
});
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test('prunes the tombstones older than 30 days, and only them', async () => {
  const first = await runCli(['changes', 'prune', '--json'], { DATA_DIR: dataDir });
  assert.equal(first.code, 0, first.stderr);
  assert.deepEqual(JSON.parse(first.stdout), { pruned: { central: 1 } });
  const again = await runCli(['changes', 'prune'], { DATA_DIR: dataDir });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(again.stdout.trim(), 'central: 0 tombstone(s) pruned');

  const store = await openStore(loadConfig({ DATA_DIR: dataDir }), { embeddedRole: 'host' });
  try {
    const { rows } = await store.pool.query<{ registro_id: number; excluido: boolean }>(
      "SELECT registro_id, excluido FROM alteracoes WHERE tabela = 'clientes' ORDER BY registro_id",
    );
    assert.deepEqual(rows, [
      { registro_id: 2, excluido: true },
      { registro_id: 3, excluido: false },
    ]);
    const horizon = await store.pool.query('SELECT empresa_id, tabela FROM alteracoes_poda');
    assert.deepEqual(horizon.rows, [{ empresa_id: 1, tabela: 'clientes' }]);
  } finally {
    await store.close();
  }
});
