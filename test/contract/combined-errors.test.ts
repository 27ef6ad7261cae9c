import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestApp } from '../helpers/test-app.ts';

/** D37: one 400 lists every offending field, whether the parser or a rule between parameters found it. */
let t: TestApp;
let token: string;
before(async () => {
  t = await TestApp.start();
  token = await t.token(await t.credential(await t.company(['aguardando_peca'])));
});
after(async () => t.close());

async function fields(url: string): Promise<string[]> {
  const res = await t.get(url, token);
  assert.equal(res.statusCode, 400, url);
  return (res.json() as { erro: { detalhes: { campo: string }[] } }).erro.detalhes.map((d) => d.campo).sort();
}

test('bad values, period rules and catalogue checks are reported together', async () => {
  assert.deepEqual(await fields('/v1/ordens-servico?status=nope&data_inicio=2025-03-01&data_fim=2025-02-01&cliente_id=01'), [
    'cliente_id',
    'data_inicio',
    'status',
  ]);
  assert.deepEqual(await fields('/v1/boletos?status=x&data_inicio=2025-01-01'), ['data_fim', 'status']);
  assert.deepEqual(await fields('/v1/contas-receber?cedente_id=5&data_fim=2025-01-01&ordem=up'), ['cedente_id', 'data_inicio', 'ordem']);
  assert.deepEqual(await fields('/v1/contas-pagar?data_inicio=2025-01-01&data_fim=2026-01-02&status=x'), ['data_fim', 'status']);
  assert.deepEqual(await fields('/v1/clientes?documento=123&nome=a'), ['documento', 'nome']);
});

test("the company's own custom status is accepted, exactly as written (D14)", async () => {
  assert.equal((await t.get('/v1/ordens-servico?status=aguardando_peca', token)).statusCode, 200);
  assert.deepEqual(await fields('/v1/ordens-servico?status=%20aguardando_peca'), ['status']);
  assert.deepEqual(await fields('/v1/ordens-servico?status=ABERTA'), ['status']);
});

test('a malformed %-escape is one item among the others, not the only one (D37)', async () => {
  const res = await t.get('/v1/clientes?pagina=%zz&foo=1&por_pagina=0', token);
  const detalhes = (res.json() as { erro: { detalhes: { campo: string; mensagem: string }[] } }).erro.detalhes;
  assert.deepEqual(detalhes.map((d) => d.campo).sort(), ['foo', 'pagina', 'por_pagina']);
  assert.match(detalhes.find((d) => d.campo === 'pagina')?.mensagem ?? '', /%XX/);
  // a bad name is named as sent; a bad value under a good name, by that name, once
  assert.deepEqual(await fields('/v1/produtos?nome=%E0%A4%A&ordem=up&x%zz=1'), ['nome', 'ordem', 'x%zz']);
  assert.deepEqual(await fields('/v1/clientes?pagina=%zz&pagina=1&ativo=2'), ['ativo', 'pagina']);
  assert.deepEqual(await fields('/v1/clientes/abc?incluir=%zz'), ['id', 'incluir']);
});

test('a parameter without a name is named by what was sent, never by an empty campo (D37)', async () => {
  const res = await t.get('/v1/clientes?=x&nome=ab&=%zz', token);
  assert.equal(res.statusCode, 400);
  const detalhes = (res.json() as { erro: { detalhes: { campo: string; mensagem: string }[] } }).erro.detalhes;
  assert.deepEqual(detalhes.map((d) => d.campo).sort(), ['=%zz', '=x']);
  assert.ok(
    detalhes.every((d) => d.campo !== '' && /sem nome/.test(d.mensagem)),
    JSON.stringify(detalhes),
  );
  assert.deepEqual(await fields('/v1/produtos?=&ordem=up'), ['=', 'ordem']);
});
