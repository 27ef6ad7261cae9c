import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { contasSpec } from '../../src/resources/contas/contas.query.ts';
import { copyOut, copyStatement, nameBytes, namedLines, recordLines } from '../../src/store/export/copy-out.ts';
import { exportStatement } from '../../src/store/export/export-source.ts';
import { freshStore, type TestStore } from '../helpers/test-store.ts';

// An export's batch as PostgreSQL's COPY writes it (ADR 0027): the statement with its parameters
// written in as literals, and lines that are the records' JSON byte for byte — compared here with
// the same statement's values read the usual way, over text chosen to be quoted or escaped by a
// CSV writer if the format let it (quotes, commas, newlines, control characters, multi-byte).

const EMPRESA = 1;
let s: TestStore;

before(async () => {
  s = await freshStore();
  await s.store.pool.query(`INSERT INTO empresas (id, nome) VALUES (${EMPRESA}, 'A') ON CONFLICT (id) DO NOTHING`);
  await s.store.pool.query(
    `INSERT INTO clientes (id, empresa_id, tipo_pessoa, nome) VALUES (1, ${EMPRESA}, 'fisica', 'Zé "Aspas", \\ Barra')`,
  );
  const texts = [
    `'aspas " , ; barra \\ ' || chr(10) || chr(13) || chr(9) || chr(1) || chr(2) || chr(31) || chr(127)`,
    `'ção 😀 – ' || chr(8232) || ' fim'`,
    `'\\.'`,
    `'$1 $2 '''`,
    `''`,
    'NULL',
  ];
  const rows = texts.map((texto, i) => {
    const tipo = i % 2 === 0 ? 'outro' : 'cliente';
    return `(${10 + i}, ${EMPRESA}, '${tipo}', ${tipo === 'outro' ? 'NULL' : '1'}, ${tipo === 'outro' ? texto : 'NULL'}, ${texto}, ${i}.5, date '2026-01-0${i + 1}')`;
  });
  await s.store.pool.query(
    `INSERT INTO contas_receber (id, empresa_id, cedente_tipo, cedente_id, cedente_nome, descricao, valor, vencimento) VALUES ${rows.join(', ')}`,
  );
});
after(async () => s.close());

describe('a COPY of an export batch', () => {
  test('writes each parameter in as a literal, only outside quotes, and refuses a value it cannot write', () => {
    const text = copyStatement({
      text: "SELECT $1::bigint AS a, '$1' AS b, $2::text AS c, $3 AS d, 'it''s $2' AS e, $10::text AS f",
      values: [7, "o'brien \\ $1", null, 0, 0, 0, 0, 0, 0, 'x'],
    });
    assert.match(text, /^COPY \(SELECT 7::bigint AS a, '\$1' AS b, /);
    assert.ok(text.includes(" E'o''brien \\\\ $1'::text AS c, NULL AS d, 'it''s $2' AS e, 'x'::text AS f) TO STDOUT"), text);
    assert.throws(() => copyStatement({ text: 'SELECT $1', values: [{}] }), /cannot hold/);
    assert.throws(() => copyStatement({ text: 'SELECT $1', values: [Number.NaN] }), /cannot hold/);
  });

  test('a value is written in place whatever comes before it and however long it is; a line without its key is refused', () => {
    const place = '"\\u0000"';
    const lines = [
      `{"a":"x\\"y","n":${place},"b":1}\u0002k1\n`,
      `{"n":${place}}\u0002k2\n`,
      `{"n":"own"}\u0002\n`,
      `{"n":${place}}\u0002gone\n`,
    ];
    const long = JSON.stringify('ç'.repeat(20_000));
    const names = nameBytes(
      new Map([
        ['k1', '"um"'],
        ['k2', long],
      ]),
    );
    const batch = namedLines(Buffer.from(lines.join(''), 'utf8'), names);
    assert.equal(batch.count, 4);
    assert.equal(
      batch.bytes.toString('utf8'),
      `{"a":"x\\"y","n":"um","b":1}\n{"n":${long}}\n{"n":"own"}\n{"n":null}\n`,
      'after a backslash of its own, grown past the first guess, its own value, a missing key',
    );
    assert.throws(() => namedLines(Buffer.from('{"n":1}\n'), names), /without its key/);
    assert.throws(() => namedLines(Buffer.from('{"n":1}\u0002k1\n'), names), /no place/);
    assert.throws(() => namedLines(Buffer.from(`{"n":${place}}\u0002k1`), names), /without its end/);
  });

  test('its lines are the records as the usual read decodes them, byte for byte (with and without the lookup)', async () => {
    const spec = contasSpec('contas_receber', '2026-06-01', true);
    const client = await s.store.pool.connect();
    try {
      for (const lookedUp of [false, true]) {
        const statement = exportStatement(spec, EMPRESA, lookedUp, { after: null, upTo: '14' });
        const { rows } = await client.query<{ j: string; k?: string | null }>(statement.text, statement.values);
        assert.equal(rows.length, 5);
        const copied = await copyOut(client, copyStatement(statement));
        if (!lookedUp) {
          const batch = recordLines(copied);
          assert.equal(batch.count, 5);
          assert.equal(batch.bytes.toString('utf8'), rows.map((r) => `${r.j}\n`).join(''));
          for (const r of rows) assert.equal(typeof JSON.parse(r.j), 'object');
          continue;
        }
        const name = 'Zé "Aspas", \\ Barra';
        const names = new Map([['cliente:1', JSON.stringify(name)]]);
        const batch = namedLines(copied, nameBytes(names));
        assert.equal(batch.count, 5);
        const want = rows.map((r) => `${r.k ? r.j.replace('"\\u0000"', () => names.get(r.k ?? '') ?? 'null') : r.j}\n`).join('');
        assert.equal(batch.bytes.toString('utf8'), want);
        const records = want
          .slice(0, -1)
          .split('\n')
          .map((line) => JSON.parse(line) as { cedente: { nome: string | null } });
        const controls = 'aspas " , ; barra \\ \n\r\t\u0001\u0002\u001f\u007f';
        assert.deepEqual(
          records.map((r) => r.cedente.nome),
          [controls, name, '\\.', name, ''],
        );
        const unnamed = namedLines(copied, new Map()).bytes.toString('utf8').slice(0, -1).split('\n');
        assert.deepEqual(
          unnamed.map((line) => (JSON.parse(line) as { cedente: { nome: string | null } }).cedente.nome),
          [controls, null, '\\.', null, ''],
          'a key without a value: null',
        );
      }
    } finally {
      client.release();
    }
  });
});
