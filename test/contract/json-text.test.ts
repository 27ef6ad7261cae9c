import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { JsonText, listBody } from '../../src/contract/data-route.ts';

// A body written as JSON text becomes bytes part by part (ADR 0015): the bytes must be exactly
// the UTF-8 of the parts joined, whatever characters they hold — a length counted in characters
// instead of bytes would cut the end of every body with an accent in it.

describe('JsonText.bytes', () => {
  test('is the UTF-8 of the joined parts, with accents, symbols and characters outside the BMP', () => {
    const parts = ['{"data":[', '{"nome":"Conceição Ângela","obs":"€ 5 — ok 😀"},{"nome":"José"}', '],"meta":{"total":2}}'];
    const text = new JsonText(parts);
    const bytes = text.bytes();
    assert.deepEqual(bytes, Buffer.from(parts.join(''), 'utf8'));
    assert.equal(bytes.length, Buffer.byteLength(parts.join('')));
    assert.deepEqual(JSON.parse(bytes.toString('utf8')), JSON.parse(parts.join('')));
  });

  test('a single string is one part; an empty part adds nothing', () => {
    assert.deepEqual(new JsonText('{"data":{"id":1}}').bytes(), Buffer.from('{"data":{"id":1}}'));
    assert.deepEqual(new JsonText(['{"data":[', '', ']}']).bytes(), Buffer.from('{"data":[]}'));
  });

  test('a large page is written whole (past the 4 KiB below which Buffer pools its allocations)', () => {
    const records = Array.from({ length: 200 }, (_, i) => `{"id":${i},"nome":"Cliente ${i} — São Paulo"}`).join(',');
    const body = listBody({ records, total: 200 }, { pagina: 1, porPagina: 200, offset: 0 });
    const parsed = JSON.parse(body.bytes().toString('utf8')) as { data: { id: number }[]; meta: { total: number } };
    assert.equal(parsed.data.length, 200);
    assert.equal(parsed.data[199]?.id, 199);
    assert.equal(parsed.meta.total, 200);
  });
});
