import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { DATA_ERRORS } from '../../src/errors/catalogue.ts';
import { OAUTH_ERRORS } from '../../src/oauth/oauth-error.ts';

// docs/api.md, the integrators' guide: its two error tables are the server's catalogues — every
// code of the data envelope with its status, and the token endpoint's codes in the OAuth shape —
// and its prose states rules, never the internal ids (decisions, ADRs) an integrator cannot look up.

const GUIDE = fs.readFileSync('docs/api.md', 'utf8');

/** The guide without its fenced code blocks: ids are looked for in the prose and tables only. */
const PROSE = GUIDE.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');

/** The rows `| status | code | ... |` of the first table whose header is `| HTTP | <column> |`. */
function tableRows(column: string): { status: number; code: string }[] {
  const lines = GUIDE.split('\n');
  const header = lines.findIndex((line) => new RegExp(`^\\|\\s*HTTP\\s*\\|\\s*${column}\\s*\\|`).test(line));
  assert.ok(header >= 0, `docs/api.md has a table headed "| HTTP | ${column} |"`);
  const rows: { status: number; code: string }[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [status, code] = line
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim().replace(/^`|`$/g, ''));
    assert.match(status ?? '', /^\d{3}$/, `a status in: ${line}`);
    rows.push({ status: Number(status), code: code ?? '' });
  }
  return rows;
}

const pairs = (rows: { status: number; code: string }[]): string[] => rows.map((r) => `${r.status} ${r.code}`).sort();

describe('docs/api.md: the error tables', () => {
  test('the data table lists every code of the catalogue, with its status, and nothing else', () => {
    const rows = tableRows('codigo');
    const expected = Object.entries(DATA_ERRORS).map(([code, { status }]) => ({ status, code }));
    for (const { status, code } of expected) {
      assert.ok(
        rows.some((r) => r.code === code && r.status === status),
        `${status} ${code} is in the data error table`,
      );
    }
    assert.deepEqual(pairs(rows), pairs(expected));
  });

  test('413 corpo_muito_grande and 415 tipo_conteudo_invalido are there', () => {
    const rows = tableRows('codigo');
    assert.ok(rows.some((r) => r.status === 413 && r.code === 'corpo_muito_grande'));
    assert.ok(rows.some((r) => r.status === 415 && r.code === 'tipo_conteudo_invalido'));
  });

  test('the token endpoint table stays in the OAuth shape: its codes and statuses, no envelope code', () => {
    const rows = tableRows('error');
    const expected = Object.entries(OAUTH_ERRORS).flatMap(([code, statuses]) => statuses.map((status) => ({ status, code })));
    assert.deepEqual(pairs(rows), pairs(expected));
    const envelopeOnly = Object.keys(DATA_ERRORS).filter((code) => !(code in OAUTH_ERRORS));
    for (const { code } of rows) assert.ok(!envelopeOnly.includes(code), `${code} is not an envelope code`);
  });
});

describe('docs/api.md: no internal id', () => {
  test('no decision id (D1–D99) outside code blocks', () => {
    assert.ok(PROSE.length > 0 && PROSE.length < GUIDE.length, 'code blocks were stripped');
    const hits = PROSE.match(/\bD\d{1,2}\b/g);
    assert.equal(hits, null, `decision ids in the guide: ${hits?.join(', ')}`);
  });

  test('no ADR number outside code blocks', () => {
    const hits = PROSE.match(/\bADR\s*\d+/g);
    assert.equal(hits, null, `ADR numbers in the guide: ${hits?.join(', ')}`);
  });
});
