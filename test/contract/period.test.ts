import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addMonths, periodProblems } from '../../src/contract/period.ts';
import { isRealDate } from '../../src/time/calendar.ts';
import { addDays } from '../../src/time/sao-paulo-date.ts';
import { TestApp } from '../helpers/test-app.ts';

/**
 * The `data_inicio`/`data_fim` rules shared by every list with a period (src/contract/period.ts):
 * orders, receivables, payables and bank slips.
 */
const PERIOD_LISTS = ['/v1/ordens-servico', '/v1/contas-receber', '/v1/contas-pagar', '/v1/boletos'];

let t: TestApp;
let empresa: number;
let token: string;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  token = await t.token(await t.credential(empresa));
  // One record of each kind at each end of the calendar, one in between.
  const dates = { antigo: '0050-06-15', atual: '2025-06-15', distante: '9999-03-01' };
  const ids = { antigo: 1, atual: 2, distante: 3 };
  const base = 9_700_000 + empresa * 10;
  const entries = Object.entries(dates) as [keyof typeof dates, string][];
  await t.load({
    ordens_servico: entries.map(([k, data]) => ({ id: base + ids[k], empresa_id: empresa, status: 'aberta', data_abertura: data })),
    contas_receber: entries.map(([k, data]) => ({
      id: base + ids[k],
      empresa_id: empresa,
      cedente_tipo: 'outro',
      valor: 1,
      vencimento: data,
    })),
    contas_pagar: entries.map(([k, data]) => ({
      id: base + ids[k],
      empresa_id: empresa,
      cedente_tipo: 'outro',
      valor: 1,
      vencimento: data,
    })),
    boletos: entries.map(([k, data]) => ({ id: base + ids[k], empresa_id: empresa, valor: 1, vencimento: data, status: 'pendente' })),
  });
});
after(async () => t.close());

async function campos(url: string): Promise<string[]> {
  const res = await t.get(url, token);
  assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
  const erro = (res.json() as { erro: { codigo: string; detalhes: { campo: string; mensagem: string }[] } }).erro;
  assert.equal(erro.codigo, 'requisicao_invalida');
  return erro.detalhes.map((d) => d.campo).sort();
}

async function dates(url: string): Promise<string[]> {
  const res = await t.get(url, token);
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  const data = (res.json() as { data: { data_abertura?: string; vencimento?: string }[] }).data;
  return data.map((r) => r.data_abertura ?? r.vencimento ?? '');
}

describe('a bound sent with a bad value and the other missing: both are named (D17, D37)', () => {
  for (const list of PERIOD_LISTS) {
    test(list, async () => {
      assert.deepEqual(await campos(`${list}?data_inicio=2025-02-30`), ['data_fim', 'data_inicio'], 'invalid start, missing end');
      assert.deepEqual(await campos(`${list}?data_fim=bad`), ['data_fim', 'data_inicio'], 'invalid end, missing start');
      assert.deepEqual(await campos(`${list}?data_inicio=`), ['data_fim', 'data_inicio'], 'empty start, missing end (D7)');
      // unchanged: one bad bound with the other valid names only the bad one
      assert.deepEqual(await campos(`${list}?data_inicio=2025-02-30&data_fim=2025-03-01`), ['data_inicio']);
      assert.deepEqual(await campos(`${list}?data_inicio=2025-01-01`), ['data_fim']);
    });
  }
});

describe("real dates at the calendar's ends are accepted (spec Limits 3, D16)", () => {
  for (const list of PERIOD_LISTS) {
    test(list, async () => {
      // Years 0-99: Date.UTC would have read 0050 as 1950 and refused the date.
      assert.deepEqual(await dates(`${list}?data_inicio=0050-01-01&data_fim=0050-12-31`), ['0050-06-15']);
      // 9999-01-01 + 12 months is in year 10000: compared as text it came before 9999-06-01.
      assert.deepEqual(await dates(`${list}?data_inicio=9999-01-01&data_fim=9999-06-01`), ['9999-03-01']);
      assert.deepEqual(await dates(`${list}?data_inicio=9999-01-01&data_fim=9999-12-31`), ['9999-03-01']);
      // the rules still hold there
      assert.deepEqual(await campos(`${list}?data_inicio=0050-01-01&data_fim=0051-01-02`), ['data_fim'], 'more than 12 months');
      assert.deepEqual(
        await campos(`${list}?data_inicio=0000-01-01&data_fim=0000-12-31`),
        ['data_fim', 'data_inicio'],
        'there is no year 0',
      );
      assert.deepEqual(await campos(`${list}?data_inicio=0100-02-29&data_fim=0100-03-01`), ['data_inicio'], '100 is not a leap year');
    });
  }
});

describe('calendar maths without the Date.UTC two-digit-year pitfall', () => {
  test('real dates in years 1-99 and up to 9999', () => {
    for (const real of ['0001-01-01', '0050-01-01', '0099-12-31', '0004-02-29', '2000-02-29', '9999-12-31'])
      assert.ok(isRealDate(real), real);
    for (const unreal of ['0000-01-01', '0100-02-29', '1900-02-29', '2025-02-29', '0050-13-01', '10000-01-01'])
      assert.ok(!isRealDate(unreal), unreal);
  });

  test('D16 addMonths and the 12-month limit across year 9999', () => {
    assert.equal(addMonths('2024-02-29', 12), '2025-02-28');
    assert.equal(addMonths('0050-01-31', 1), '0050-02-28');
    assert.equal(addMonths('9999-01-01', 12), '10000-01-01');
    assert.deepEqual(periodProblems({ data_inicio: '9999-01-01', data_fim: '9999-12-31' }), []);
    assert.deepEqual(periodProblems({ data_inicio: '0048-02-29', data_fim: '0049-02-28' }), []);
    assert.deepEqual(
      periodProblems({ data_inicio: '0048-02-29', data_fim: '0049-03-01' }).map((d) => d.campo),
      ['data_fim'],
    );
  });

  test('addDays keeps years 1-99 as written', () => {
    assert.equal(addDays('0050-12-31', 1), '0051-01-01');
    assert.equal(addDays('0001-03-01', -1), '0001-02-28');
    assert.equal(addDays('2024-02-28', 1), '2024-02-29');
    assert.equal(addDays('2025-01-10', -10), '2024-12-31');
  });
});
