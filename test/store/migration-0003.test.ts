import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { migrate } from '../../src/store/migrate.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

/**
 * Tenant migration 0003 applied to a database that already holds rows written under 0001-0002,
 * on the embedded store and on PostgreSQL 15 alike (no SET EXPRESSION there).
 */
const MIGRATION = 'tenant/0003_names_and_values_as_served';

let s: TestStore;
before(async () => {
  s = await freshStore();
});
after(async () => s.close());

const q = <R extends object = Record<string, unknown>>(text: string, values: unknown[] = []) => s.store.pool.query<R>(text, values);

/** Puts the schema back as 0002 left it: the untrimmed search column, nullable catalogue name and price. */
async function schemaBefore0003(): Promise<void> {
  await q('DELETE FROM schema_migrations WHERE name = $1', [MIGRATION]);
  await q('ALTER TABLE clientes DROP COLUMN nome_busca');
  await q(`ALTER TABLE clientes ADD COLUMN nome_busca text GENERATED ALWAYS AS (busca_normalizada(
    CASE WHEN tipo_pessoa = 'juridica' THEN coalesce(razao_social, '')
         ELSE coalesce(nome, '') || ' ' || coalesce(sobrenome, '') END
    || chr(31) || coalesce(nome_fantasia, ''))) STORED`);
  for (const table of ['produtos', 'servicos']) {
    await q(`ALTER TABLE ${table} ALTER COLUMN nome DROP NOT NULL, ALTER COLUMN nome DROP DEFAULT,
      ALTER COLUMN valor DROP NOT NULL, ALTER COLUMN valor DROP DEFAULT`);
  }
}

test('0003 recomputes nome_busca from the trimmed parts and turns stored null names and prices into "" and 0 (D11, D21, D24)', async () => {
  await schemaBefore0003();
  await q(`INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome, sobrenome, razao_social, nome_fantasia) VALUES
    (1, 1, 'fisica', 'Bia ', ' Lima', NULL, NULL), (2, 1, 'juridica', NULL, NULL, 'Oficina Boa', 'Boa')`);
  for (const table of ['produtos', 'servicos']) {
    await q(`INSERT INTO ${table} (id, empresa_id, nome, valor) VALUES (1, 1, NULL, NULL), (2, 1, 'Parafuso', 2.5)`);
  }
  assert.equal(
    (await q<{ b: string }>('SELECT nome_busca AS b FROM clientes WHERE id = 1')).rows[0]?.b,
    'bia   lima\u001f',
    'the 0002 state',
  );

  assert.deepEqual(await migrate(s.store.pool, ['tenant']), [MIGRATION]);

  const busca = await q<{ id: number; nome_busca: string; nome_exibicao: string }>(
    'SELECT id, nome_busca, nome_exibicao FROM clientes ORDER BY id',
  );
  assert.deepEqual(busca.rows, [
    { id: 1, nome_busca: 'bia lima\u001f', nome_exibicao: 'Bia Lima' },
    { id: 2, nome_busca: 'oficina boa\u001fboa', nome_exibicao: 'Oficina Boa' },
  ]);
  for (const table of ['produtos', 'servicos']) {
    const rows = await q(`SELECT id, nome, valor, nome_ordem FROM ${table} ORDER BY id`);
    assert.deepEqual(
      rows.rows,
      [
        { id: 1, nome: '', valor: '0.00', nome_ordem: '' },
        { id: 2, nome: 'Parafuso', valor: '2.50', nome_ordem: 'parafuso' },
      ],
      table,
    );
    // left out, the defaults apply; null is refused, so no writer can bring a null back
    await q(`INSERT INTO ${table} (id, empresa_id) VALUES (3, 1)`);
    assert.deepEqual((await q(`SELECT nome, valor FROM ${table} WHERE id = 3`)).rows, [{ nome: '', valor: '0.00' }]);
    await assert.rejects(q(`INSERT INTO ${table} (id, empresa_id, nome) VALUES (4, 1, NULL)`), { code: '23502' });
    await assert.rejects(q(`INSERT INTO ${table} (id, empresa_id, valor) VALUES (5, 1, NULL)`), { code: '23502' });
  }
  // the list indexes the explain test relies on are untouched
  const indexes = await q<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE tablename IN ('clientes', 'produtos', 'servicos') AND indexname LIKE '%lista_nome' ORDER BY 1",
  );
  assert.deepEqual(
    indexes.rows.map((r) => r.indexname),
    ['clientes_lista_nome', 'produtos_lista_nome', 'servicos_lista_nome'],
  );
});
