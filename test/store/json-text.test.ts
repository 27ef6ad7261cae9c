import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { contasSpec } from '../../src/resources/contas/contas.query.ts';
import { SqlParams } from '../../src/store/list/sql-params.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

// The contas record is written by joining text (jsonText, ADR 0026). Its bytes must be the ones
// PostgreSQL's own row_to_json writes for the same values (D23: money as the shortest decimal;
// strings escaped as JSON; dates and instants as the API writes them), so this compares the two,
// row by row, over values chosen to differ if any piece were written another way.

const EMPRESA = 1;
const TODAY = '2026-06-01';
let s: TestStore;

before(async () => {
  s = await freshStore();
  await s.store.pool.query(`INSERT INTO empresas (id, nome) VALUES (${EMPRESA}, 'A') ON CONFLICT (id) DO NOTHING`);
  await s.store.pool.query(
    `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome) VALUES (1, ${EMPRESA}, 'fisica', 'Zé "Aspas" \\ Barra')`,
  );
  const texts = [
    `'Mensalidade'`,
    'NULL',
    `'aspas " barra \\ ' || chr(10) || chr(13) || chr(9) || chr(8) || chr(12) || chr(1) || chr(31) || chr(127)`,
    `'ção 😀 – ' || chr(8232) || ' fim'`,
    `'</script>{"x":1}'`,
    `''`,
  ];
  const valores = ['0.01', '0.10', '1', '100', '19.90', '1234567890123.45', '9999999999999.99', '0.3', '-42.50'];
  const rows: string[] = [];
  let id = 100;
  for (const [i, valor] of valores.entries()) {
    for (const [j, texto] of texts.entries()) {
      const tipo = ['cliente', 'outro', 'fornecedor'][(i + j) % 3];
      const cedenteId = tipo === 'outro' ? 'NULL' : '1';
      const nome = tipo === 'outro' ? texto : 'NULL';
      const pago = (i + j) % 2 === 0 ? `date '2026-05-0${(j % 9) + 1}'` : 'NULL';
      rows.push(`(${id++}, ${EMPRESA}, '${tipo}', ${cedenteId}, ${nome}, ${texto}, ${valor}, date '2026-0${(i % 9) + 1}-1${j}', ${pago},
        timestamptz '2026-03-0${(j % 9) + 1} 12:34:56.789${i}+00')`);
    }
  }
  await s.store.pool
    .query(`INSERT INTO contas_receber (id, empresa_id, cedente_tipo, cedente_id, cedente_nome, descricao, valor, vencimento, data_pagamento, atualizado_em)
    VALUES ${rows.join(', ')}`);
});
after(async () => s.close());

/** The record as row_to_json writes it: the contas record before ADR 0026, kept here as the oracle. */
const ROW_TO_JSON = `(SELECT row_to_json(x)::text FROM (SELECT
    r.id,
    (SELECT row_to_json(c) FROM (SELECT r.cedente_tipo AS tipo,
       CASE WHEN r.cedente_tipo = 'outro' THEN NULL ELSE r.cedente_id END AS id,
       CASE r.cedente_tipo WHEN 'outro' THEN r.cedente_nome
         WHEN 'cliente' THEN (SELECT x.nome_exibicao FROM clientes x WHERE x.id = r.cedente_id AND x.empresa_id = r.empresa_id AND NOT x.excluido)
         WHEN 'fornecedor' THEN (SELECT x.nome FROM fornecedores x WHERE x.id = r.cedente_id AND x.empresa_id = r.empresa_id AND NOT x.excluido)
       END AS nome) c) AS cedente,
    r.descricao,
    r.valor::float8 AS valor,
    to_char(r.vencimento, 'YYYY-MM-DD') AS vencimento,
    CASE WHEN r.data_pagamento IS NOT NULL THEN 'pago' WHEN r.vencimento < $2::date THEN 'vencido' ELSE 'aberto' END AS status,
    to_char(r.data_pagamento, 'YYYY-MM-DD') AS data_pagamento,
    to_char(r.atualizado_em AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS atualizado_em) x)`;

test('the contas record joined as text is, byte for byte, what row_to_json writes for the same row', async () => {
  const params = new SqlParams();
  params.add(EMPRESA);
  const joined = contasSpec('contas_receber', TODAY, true).record(params);
  assert.equal(params.values.length, 2, 'the record takes "today" as its one parameter');
  assert.equal(params.values[1], TODAY);
  const { rows } = await s.store.pool.query<{ id: string; joined: string; reference: string }>(
    `SELECT r.id, ${joined} AS joined, ${ROW_TO_JSON} AS reference FROM contas_receber r WHERE r.empresa_id = $1 ORDER BY r.id`,
    params.values,
  );
  assert.equal(rows.length, 54);
  for (const row of rows) assert.equal(row.joined, row.reference, `record ${row.id}`);
  // And it is JSON a client reads back to the values written.
  const first = JSON.parse(rows.find((r) => Number(r.id) === 102)?.joined ?? '') as { descricao: string; valor: number };
  assert.equal(first.descricao, 'aspas " barra \\ \n\r\t\b\f\u0001\u001f\u007f');
  assert.equal(first.valor, 0.01);
});
