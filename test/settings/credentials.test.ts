import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryLimiter } from '../../src/ratelimit/memory-limiter.ts';
import { addDays, todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';
import { addUser, Browser, errorOf, type CredentialJson, type TestUser } from './settings-client.ts';

let t: TestApp;
let empresa: number;
let user: TestUser;
let b: Browser;

before(async () => {
  t = await TestApp.start();
  empresa = await t.company();
  user = await addUser(t, empresa);
  b = await Browser.signIn(t, user);
});
after(async () => t.close());

const CREDENTIALS = '/settings/api/credentials';

/** Another admin of the company: `senha_atual` checks are limited per user, so heavy tests use their own. */
async function anotherAdmin(): Promise<{ u: TestUser; a: Browser }> {
  const u = await addUser(t, empresa);
  return { u, a: await Browser.signIn(t, u) };
}
const testCred = (clientId: string, secret: string): TestCredential => ({ clientId, secret, empresaId: empresa });

async function list(): Promise<{
  body: string;
  credentials: CredentialJson[];
  scopes: { scope: string; recurso: string; descricao: string; sensivel: boolean }[];
}> {
  const res = await b.get(CREDENTIALS);
  assert.equal(res.statusCode, 200);
  return {
    body: res.body,
    ...(res.json() as {
      credentials: CredentialJson[];
      scopes: { scope: string; recurso: string; descricao: string; sensivel: boolean }[];
    }),
  };
}

async function listed(clientId: string): Promise<CredentialJson> {
  const found = (await list()).credentials.find((c) => c.client_id === clientId);
  assert.ok(found, clientId);
  return found;
}

describe('create', () => {
  test('a non-sensitive credential needs no password; 201 with the credential and its secret', async () => {
    const res = await b.post(CREDENTIALS, {
      name: '  Integração ERP ',
      scopes: ['os:ler', 'clientes:ler', 'os:ler'],
      allowed_ips: ['203.0.113.7', '198.51.100.0/24'],
      expires: null,
    });
    assert.equal(res.statusCode, 201);
    const body = res.json() as { credential: CredentialJson; client_secret: string };
    assert.deepEqual(Object.keys(body).sort(), ['client_secret', 'credential']);
    assert.match(body.client_secret, /^ae_sk_[A-Za-z0-9_-]{43}$/);
    const c = body.credential;
    assert.match(c.client_id, /^ae_live_/);
    assert.deepEqual(
      { ...c, client_id: '', created_at: '' },
      {
        client_id: '',
        name: 'Integração ERP',
        scopes: ['clientes:ler', 'os:ler'],
        allowed_ips: ['203.0.113.7', '198.51.100.0/24'],
        expires: null,
        status: 'active',
        expires_soon: false,
        created_at: '',
        created_by: { id: user.id, nome: user.nome },
        last_used_at: null,
        last_used_ip: null,
        auth_method: 'client_secret_basic',
        key_thumbprint: null,
      },
    );
    assert.match(c.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // It works on the data API.
    assert.equal((await t.requestToken(testCred(c.client_id, body.client_secret), undefined, '203.0.113.7')).statusCode, 200);
  });

  test('a sensitive scope asks for senha_atual: missing is 400 naming it, wrong is 403 senha_incorreta, right is 201', async () => {
    const body = { name: 'Financeiro', scopes: ['contas-receber:ler'], allowed_ips: [], expires: null };
    const missing = await b.post(CREDENTIALS, body);
    assert.equal(missing.statusCode, 400);
    assert.equal(errorOf(missing).codigo, 'dados_invalidos');
    assert.deepEqual(
      errorOf(missing).detalhes.map((d) => d.campo),
      ['senha_atual'],
    );
    const wrong = await b.post(CREDENTIALS, { ...body, senha_atual: 'nao-e-esta' });
    assert.equal(wrong.statusCode, 403);
    assert.equal(errorOf(wrong).codigo, 'senha_incorreta');
    const right = await b.post(CREDENTIALS, { ...body, senha_atual: user.senha });
    assert.equal(right.statusCode, 201);
    assert.ok((right.json() as { client_secret: string }).client_secret);
    const names = (await list()).credentials.map((c) => c.name);
    assert.equal(names.filter((n) => n === 'Financeiro').length, 1, 'the refused attempts created nothing');
  });

  test('each sensitive scope counts: clientes:contato:ler, contas-receber:ler, contas-pagar:ler, boletos:ler', async () => {
    for (const scope of ['clientes:contato:ler', 'contas-receber:ler', 'contas-pagar:ler', 'boletos:ler']) {
      const res = await b.post(CREDENTIALS, { name: scope, scopes: ['os:ler', scope] });
      assert.deepEqual(
        errorOf(res).detalhes.map((d) => d.campo),
        ['senha_atual'],
        scope,
      );
    }
  });

  test('senha_atual checks are limited to 10 per minute per user, right or wrong (429 with Retry-After)', async () => {
    const frozen = await t.sibling({ limiter: new MemoryLimiter(() => Date.UTC(2030, 0, 10, 12, 0, 50)) });
    try {
      const other = await addUser(t, empresa);
      const ob = await Browser.signIn(frozen, other);
      const body = { name: 'Boletos', scopes: ['boletos:ler'], senha_atual: 'chute' };
      for (let i = 0; i < 9; i++) assert.equal((await ob.post(CREDENTIALS, body)).statusCode, 403, `guess ${i + 1}`);
      assert.equal((await ob.post(CREDENTIALS, { ...body, senha_atual: other.senha })).statusCode, 201, 'the 10th, right');
      const limited = await ob.post(CREDENTIALS, { ...body, senha_atual: other.senha });
      assert.equal(limited.statusCode, 429);
      assert.equal(errorOf(limited).codigo, 'muitas_tentativas');
      assert.equal(errorOf(limited).mensagem, 'Muitas tentativas de confirmação de senha. Aguarde 10 segundos e tente novamente.');
      assert.equal(limited.headers['retry-after'], '10');
    } finally {
      await frozen.app.close();
    }
  });

  test('every field error at once: name, unknown scopes, each bad IP line, the date, unknown fields', async () => {
    const res = await b.post(CREDENTIALS, {
      name: '',
      scopes: ['os:ler', 'tudo:ler', 7],
      allowed_ips: ['10.0.0.1', 'not-an-ip', '10.0.0.1/24', '', '2001:db8::/32', '999.1.1.1'],
      expires: '2025-02-30',
      status: 'active',
    });
    assert.equal(res.statusCode, 400);
    const erro = errorOf(res);
    assert.equal(erro.codigo, 'dados_invalidos');
    assert.deepEqual(
      erro.detalhes.map((d) => d.campo),
      ['status', 'name', 'scopes[1]', 'scopes[2]', 'allowed_ips[1]', 'allowed_ips[2]', 'allowed_ips[3]', 'allowed_ips[5]', 'expires'],
    );
    assert.match(
      erro.detalhes.find((d) => d.campo === 'allowed_ips[1]')?.mensagem ?? '',
      /"not-an-ip" não é um endereço IP nem uma rede CIDR válida/,
    );
    for (const bad of [{ scopes: [] }, { scopes: 'os:ler' }, { allowed_ips: '10.0.0.1' }, { name: 'x'.repeat(101) }, { name: 'a\nb' }]) {
      const r = await b.post(CREDENTIALS, { name: 'ok', scopes: ['os:ler'], ...bad });
      assert.equal(r.statusCode, 400, JSON.stringify(bad));
    }
  });

  test('IP lines in legacy or ambiguous forms are refused line by line, never stored as another address (D33)', async () => {
    const before = (await list()).credentials.length;
    // ipaddr.js alone would store 192.168.010.001 as 192.168.8.1 (octal) and 127.1 as 127.0.0.1.
    const ambiguous = [
      '192.168.010.001',
      '010.020.000.000/16',
      '127.1',
      '1.2.3',
      '0x7f.1',
      'fe80::1%eth0',
      '10.0.0.0/08',
      '::ffff:010.1.2.3',
    ];
    const res = await b.post(CREDENTIALS, { name: 'IPs', scopes: ['os:ler'], allowed_ips: [...ambiguous, '203.0.113.7'] });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      errorOf(res).detalhes.map((d) => d.campo),
      ambiguous.map((_, i) => `allowed_ips[${i}]`),
    );
    assert.equal((await list()).credentials.length, before);
    const plain = await b.create({
      name: 'IPs claros',
      scopes: ['os:ler'],
      allowed_ips: ['192.168.10.1', '10.0.0.0/8', '::ffff:10.1.2.3', '2001:DB8::/32', '0.0.0.0/0'],
    });
    assert.deepEqual(plain.credential.allowed_ips, ['192.168.10.1', '10.0.0.0/8', '::ffff:a01:203', '2001:db8::/32', '0.0.0.0/0']);
  });

  test('the name: up to 100 characters counted as characters, not UTF-16 units; no text-direction or control characters', async () => {
    const emoji = await b.create({ name: '😀'.repeat(100), scopes: ['os:ler'] });
    assert.equal(emoji.credential.name, '😀'.repeat(100));
    const tooLong = await b.post(CREDENTIALS, { name: '😀'.repeat(101), scopes: ['os:ler'] });
    assert.deepEqual(
      errorOf(tooLong).detalhes.map((d) => d.campo),
      ['name'],
    );
    // U+202E would display "abc\u202edef" as "abcfed"; U+2028 breaks the line; U+0085 is a C1 control.
    for (const name of ['abc\u202edef', 'um\u2066dois', 'linha\u2028quebrada', 'nel\u0085x', 'tab\tx']) {
      const res = await b.post(CREDENTIALS, { name, scopes: ['os:ler'] });
      assert.equal(res.statusCode, 400, JSON.stringify(name));
      assert.deepEqual(
        errorOf(res).detalhes.map((d) => d.campo),
        ['name'],
        JSON.stringify(name),
      );
    }
  });

  test('expiry: a real date, today at the earliest (America/Sao_Paulo); a past day is refused', async () => {
    const today = todayInSaoPaulo();
    const past = await b.post(CREDENTIALS, { name: 'Passado', scopes: ['os:ler'], expires: addDays(today, -1) });
    assert.equal(past.statusCode, 400);
    assert.deepEqual(errorOf(past).detalhes, [{ campo: 'expires', mensagem: 'A data de validade não pode estar no passado.' }]);
    for (const bad of ['2030-13-01', '30/01/2030', '2030-1-1', 20300101]) {
      const res = await b.post(CREDENTIALS, { name: 'Data', scopes: ['os:ler'], expires: bad });
      assert.deepEqual(
        errorOf(res).detalhes.map((d) => d.campo),
        ['expires'],
        String(bad),
      );
    }
    const ok = await b.create({ name: 'Hoje', scopes: ['os:ler'], expires: today });
    assert.equal(ok.credential.expires, today);
    assert.equal(ok.credential.status, 'active');
  });

  test('allowed_ips and expires may be left out (any address, never expires)', async () => {
    const { credential } = await b.create({ name: 'Mínima', scopes: ['produtos:ler'] });
    assert.deepEqual(credential.allowed_ips, []);
    assert.equal(credential.expires, null);
  });
});

describe('text no column can hold', () => {
  test('a NUL or a lone surrogate anywhere in a body is 400 dados_invalidos naming each field, never a 500', async () => {
    const create = await b.post(CREDENTIALS, {
      name: 'a\ud800b',
      scopes: ['os:ler\u0000'],
      allowed_ips: ['203.0.113.7', '10.0.0.1\udfff'],
    });
    assert.equal(create.statusCode, 400);
    assert.equal(errorOf(create).codigo, 'dados_invalidos');
    assert.deepEqual(
      errorOf(create)
        .detalhes.map((d) => d.campo)
        .sort(),
      ['allowed_ips[1]', 'name', 'scopes[0]'],
    );
    const created = await b.create({ name: 'Texto', scopes: ['os:ler'] });
    const url = `${CREDENTIALS}/${created.clientId}`;
    const change = await b.patch(url, { name: 'ok\u0000' });
    assert.equal(change.statusCode, 400);
    assert.deepEqual(
      errorOf(change).detalhes.map((d) => d.campo),
      ['name'],
    );
    const rotate = await b.post(`${url}/rotate`, { senha_atual: '\ud800' });
    assert.equal(rotate.statusCode, 400);
    assert.deepEqual(
      errorOf(rotate).detalhes.map((d) => d.campo),
      ['senha_atual'],
    );
    assert.equal((await listed(created.clientId)).name, 'Texto', 'nothing changed');
  });

  test('a client id in the path that can never exist is 404 like an unknown one, never a 500 (D40)', async () => {
    for (const id of ['ae%00x', 'ae_live_%C3%A9', 'ae%20live', 'x'.repeat(500)]) {
      const url = `${CREDENTIALS}/${id}`;
      for (const res of [
        await b.get(`${url}/audit`),
        await b.patch(url, { name: 'x' }),
        await b.post(`${url}/rotate`),
        await b.post(`${url}/revoke`),
      ]) {
        assert.equal(res.statusCode, 404, id);
        assert.equal(errorOf(res).codigo, 'recurso_nao_encontrado');
      }
    }
  });
});

describe('the secret is shown once', () => {
  test('only the create and rotate answers hold a secret; list and audit never do', async () => {
    const created = await b.create({ name: 'Segredo', scopes: ['os:ler'] });
    const rotated = await b.post(`${CREDENTIALS}/${created.clientId}/rotate`);
    assert.equal(rotated.statusCode, 200);
    const newSecret = (rotated.json() as { client_id: string; client_secret: string }).client_secret;
    assert.deepEqual(Object.keys(rotated.json() as object).sort(), ['client_id', 'client_secret']);
    await b.patch(`${CREDENTIALS}/${created.clientId}`, { name: 'Segredo 2' });
    await b.post(`${CREDENTIALS}/${created.clientId}/revoke`);
    const bodies = [(await list()).body, (await b.get(`${CREDENTIALS}/${created.clientId}/audit`)).body];
    for (const body of bodies) {
      for (const secret of [created.secret, newSecret]) {
        assert.ok(!body.includes(secret), 'no secret');
        assert.ok(!body.includes(secret.slice(6, 20)), 'not even a piece of it');
      }
      // The method's name (D57) is the one place the word may appear: it names how, not what.
      assert.doesNotMatch(body.replaceAll('"auth_method":"client_secret_basic"', ''), /secret|ae_sk_|secret_hash/);
    }
    const { rows } = await t.store.pool.query<{ details: unknown }>('SELECT details FROM audit_events');
    const everything = JSON.stringify(rows);
    assert.ok(!everything.includes(created.secret) && !everything.includes(newSecret));
  });
});

describe('the list', () => {
  test('scopes come with pt-BR resource names, descriptions and the sensitive flag', async () => {
    const { scopes } = await list();
    assert.deepEqual(
      scopes.map((s) => s.scope),
      [
        'clientes:ler',
        'clientes:contato:ler',
        'os:ler',
        'produtos:ler',
        'servicos:ler',
        'contas-receber:ler',
        'contas-pagar:ler',
        'boletos:ler',
      ],
    );
    assert.deepEqual(
      scopes.filter((s) => s.sensivel).map((s) => s.scope),
      ['clientes:contato:ler', 'contas-receber:ler', 'contas-pagar:ler', 'boletos:ler'],
    );
    assert.equal(scopes.find((s) => s.scope === 'contas-pagar:ler')?.recurso, 'Contas a pagar');
    for (const s of scopes) assert.ok(s.descricao.length > 10);
  });

  test('expires_soon: true up to 7 days ahead (America/Sao_Paulo today), false from the 8th', async () => {
    const today = todayInSaoPaulo();
    const cases: [string, boolean][] = [
      [today, true],
      [addDays(today, 1), true],
      [addDays(today, 7), true],
      [addDays(today, 8), false],
      [addDays(today, 60), false],
    ];
    for (const [expires, soon] of cases) {
      const { clientId } = await b.create({ name: `Expira ${expires}`, scopes: ['os:ler'], expires });
      assert.equal((await listed(clientId)).expires_soon, soon, expires);
    }
    const never = await b.create({ name: 'Nunca expira', scopes: ['os:ler'], expires: null });
    assert.equal((await listed(never.clientId)).expires_soon, false);
  });

  test('an expired credential is listed as expired, not expiring soon', async () => {
    const { clientId } = await b.create({ name: 'Já venceu', scopes: ['os:ler'], expires: todayInSaoPaulo() });
    await t.store.pool.query('UPDATE api_credentials SET expires_on = current_date - 3 WHERE client_id = $1', [clientId]);
    const c = await listed(clientId);
    assert.equal(c.status, 'expired');
    assert.equal(c.expires_soon, false);
  });

  test('last use: when and from which address', async () => {
    const created = await b.create({ name: 'Usada', scopes: ['os:ler'] });
    await t.token(testCred(created.clientId, created.secret), undefined, '192.0.2.55');
    const c = await listed(created.clientId);
    assert.equal(c.last_used_ip, '192.0.2.55');
    assert.match(String(c.last_used_at), /Z$/);
  });
});

describe('change', () => {
  test('removing a scope takes effect on the very next data request with an existing token (D30, D31)', async () => {
    const created = await b.create({ name: 'Contatos', scopes: ['clientes:ler', 'clientes:contato:ler'], senha_atual: user.senha });
    const token = await t.token(testCred(created.clientId, created.secret));
    assert.equal((await t.get('/v1/clientes?incluir=contato', token)).statusCode, 200);
    const res = await b.patch(`${CREDENTIALS}/${created.clientId}`, { scopes: ['clientes:ler'], senha_atual: user.senha });
    assert.equal(res.statusCode, 200);
    assert.deepEqual((res.json() as { credential: CredentialJson }).credential.scopes, ['clientes:ler']);
    const after = await t.get('/v1/clientes?incluir=contato', token);
    assert.equal(after.statusCode, 403);
    assert.equal(errorOf(after).codigo, 'escopo_insuficiente');
    assert.equal((await t.get('/v1/clientes', token)).statusCode, 200, 'the scope it kept still works');
  });

  test('a credential that carries a sensitive scope needs the password for any change', async () => {
    const { u, a } = await anotherAdmin();
    const created = await a.create({ name: 'Boletos', scopes: ['boletos:ler'], senha_atual: u.senha });
    const url = `${CREDENTIALS}/${created.clientId}`;
    const missing = await a.patch(url, { name: 'Boletos 2' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(
      errorOf(missing).detalhes.map((d) => d.campo),
      ['senha_atual'],
    );
    assert.equal(errorOf(await a.patch(url, { name: 'Boletos 2', senha_atual: 'errada' })).codigo, 'senha_incorreta');
    assert.equal((await a.patch(url, { name: 'Boletos 2', senha_atual: u.senha })).statusCode, 200);
    assert.equal((await listed(created.clientId)).name, 'Boletos 2');
  });

  test('gaining a sensitive scope needs the password; a non-sensitive change does not', async () => {
    const { u, a } = await anotherAdmin();
    const created = await a.create({ name: 'OS', scopes: ['os:ler'] });
    const url = `${CREDENTIALS}/${created.clientId}`;
    assert.equal((await a.patch(url, { name: 'OS e produtos', scopes: ['os:ler', 'produtos:ler'] })).statusCode, 200);
    const gain = await a.patch(url, { scopes: ['os:ler', 'contas-pagar:ler'] });
    assert.deepEqual(
      errorOf(gain).detalhes.map((d) => d.campo),
      ['senha_atual'],
    );
    assert.equal(errorOf(await a.patch(url, { scopes: ['os:ler', 'contas-pagar:ler'], senha_atual: 'errada' })).codigo, 'senha_incorreta');
    assert.deepEqual((await listed(created.clientId)).scopes, ['os:ler', 'produtos:ler'], 'refused changes changed nothing');
    const ok = await a.patch(url, { scopes: ['os:ler', 'contas-pagar:ler'], senha_atual: u.senha });
    assert.deepEqual((ok.json() as { credential: CredentialJson }).credential.scopes, ['os:ler', 'contas-pagar:ler']);
  });

  test('IPs: per-line errors, and a new allowlist applies at once', async () => {
    const created = await b.create({ name: 'IPs', scopes: ['os:ler'], allowed_ips: ['192.0.2.10'] });
    const token = await t.token(testCred(created.clientId, created.secret), undefined, '192.0.2.10');
    const url = `${CREDENTIALS}/${created.clientId}`;
    const bad = await b.patch(url, { allowed_ips: ['192.0.2.0/24', '192.0.2.300'] });
    assert.deepEqual(
      errorOf(bad).detalhes.map((d) => d.campo),
      ['allowed_ips[1]'],
    );
    assert.equal((await t.get('/v1/ordens-servico', token, {}, '192.0.2.10')).statusCode, 200);
    const ok = await b.patch(url, { allowed_ips: ['198.51.100.0/24', '::ffff:198.51.100.9'] });
    assert.equal(ok.statusCode, 200);
    assert.equal(errorOf(await t.get('/v1/ordens-servico', token, {}, '192.0.2.10')).codigo, 'ip_nao_autorizado');
  });

  test('expiry: set, validated, and removed with null', async () => {
    const created = await b.create({ name: 'Validade', scopes: ['os:ler'] });
    const url = `${CREDENTIALS}/${created.clientId}`;
    const soon = addDays(todayInSaoPaulo(), 3);
    const set = await b.patch(url, { expires: soon });
    assert.deepEqual(
      [
        (set.json() as { credential: CredentialJson }).credential.expires,
        (set.json() as { credential: CredentialJson }).credential.expires_soon,
      ],
      [soon, true],
    );
    assert.deepEqual(
      errorOf(await b.patch(url, { expires: '2020-01-01' })).detalhes.map((d) => d.campo),
      ['expires'],
    );
    assert.deepEqual(
      errorOf(await b.patch(url, { expires: '2031-02-29' })).detalhes.map((d) => d.campo),
      ['expires'],
    );
    const cleared = await b.patch(url, { expires: null });
    assert.equal((cleared.json() as { credential: CredentialJson }).credential.expires, null);
  });

  test('an empty change, an unknown field and an unknown client id are refused', async () => {
    const created = await b.create({ name: 'Vazia', scopes: ['os:ler'] });
    const url = `${CREDENTIALS}/${created.clientId}`;
    assert.deepEqual(
      errorOf(await b.patch(url, {})).detalhes.map((d) => d.campo),
      ['corpo'],
    );
    assert.deepEqual(
      errorOf(await b.patch(url, { client_id: 'x' })).detalhes.map((d) => d.campo),
      ['client_id', 'corpo'],
    );
    const unknown = await b.patch(`${CREDENTIALS}/ae_live_nao_existe`, { name: 'x' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(errorOf(unknown).codigo, 'recurso_nao_encontrado');
  });
});

describe('rotate', () => {
  test('a new secret, shown once; the old token is 401 on /v1 and the old secret invalid_client at once', async () => {
    const created = await b.create({ name: 'Rotação', scopes: ['os:ler'] });
    const token = await t.token(testCred(created.clientId, created.secret));
    const res = await b.post(`${CREDENTIALS}/${created.clientId}/rotate`);
    assert.equal(res.statusCode, 200);
    const rotated = res.json() as { client_id: string; client_secret: string };
    assert.equal(rotated.client_id, created.clientId);
    assert.notEqual(rotated.client_secret, created.secret);
    assert.equal(errorOf(await t.get('/v1/ordens-servico', token)).codigo, 'token_invalido');
    const old = await t.requestToken(testCred(created.clientId, created.secret));
    assert.equal(old.statusCode, 401);
    assert.equal((old.json() as { error: string }).error, 'invalid_client');
    const fresh = await t.token(testCred(created.clientId, rotated.client_secret));
    assert.equal((await t.get('/v1/ordens-servico', fresh)).statusCode, 200);
  });

  test('a sensitive credential needs the password to rotate', async () => {
    const { u, a } = await anotherAdmin();
    const created = await a.create({ name: 'Rotação sensível', scopes: ['contas-pagar:ler'], senha_atual: u.senha });
    const url = `${CREDENTIALS}/${created.clientId}/rotate`;
    assert.deepEqual(
      errorOf(await a.post(url, {})).detalhes.map((d) => d.campo),
      ['senha_atual'],
    );
    assert.equal(errorOf(await a.post(url, { senha_atual: 'errada' })).codigo, 'senha_incorreta');
    assert.equal((await t.requestToken(testCred(created.clientId, created.secret))).statusCode, 200, 'refusals rotated nothing');
    assert.equal((await a.post(url, { senha_atual: u.senha })).statusCode, 200);
  });
});

describe('revoke', () => {
  test('final: token requests are invalid_client, data is 401, and it can be neither changed nor rotated', async () => {
    const created = await b.create({ name: 'Revogar', scopes: ['os:ler'] });
    const token = await t.token(testCred(created.clientId, created.secret));
    const res = await b.post(`${CREDENTIALS}/${created.clientId}/revoke`, {});
    assert.equal(res.statusCode, 200);
    assert.equal((res.json() as { credential: CredentialJson }).credential.status, 'revoked');
    assert.equal((await t.get('/v1/ordens-servico', token)).statusCode, 401);
    assert.equal(((await t.requestToken(testCred(created.clientId, created.secret))).json() as { error: string }).error, 'invalid_client');
    for (const attempt of [
      b.patch(`${CREDENTIALS}/${created.clientId}`, { name: 'De volta' }),
      b.post(`${CREDENTIALS}/${created.clientId}/rotate`),
    ]) {
      const refused = await attempt;
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(
        errorOf(refused).detalhes.map((d) => d.campo),
        ['client_id'],
      );
    }
    const again = await b.post(`${CREDENTIALS}/${created.clientId}/revoke`);
    assert.equal(again.statusCode, 200, 'revoking twice answers the same');
    assert.equal((await listed(created.clientId)).status, 'revoked');
  });

  test('revoke takes an empty body or {}, nothing else', async () => {
    const created = await b.create({ name: 'Corpo', scopes: ['os:ler'] });
    const res = await b.post(`${CREDENTIALS}/${created.clientId}/revoke`, { motivo: 'x' });
    assert.deepEqual(
      errorOf(res).detalhes.map((d) => d.campo),
      ['motivo'],
    );
    const empty = await b.send('POST', `${CREDENTIALS}/${created.clientId}/revoke`);
    assert.equal(empty.statusCode, 200);
  });
});
