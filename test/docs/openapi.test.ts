import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SCOPES } from '../../src/domain/scopes.ts';
import { DATA_ERRORS } from '../../src/errors/catalogue.ts';
import { OAUTH_ERRORS } from '../../src/oauth/oauth-error.ts';
import { apiDescription, DATA_ROUTES } from '../../src/routes.ts';
import { successSchema } from '../../src/contract/data-route.ts';
import { plainSchema } from '../../src/contract/openapi.ts';
import { basicHeader, TestApp, uniqueSourceIp } from '../helpers/test-app.ts';
import { TOKEN_BODY_LIMIT } from '../../src/domain/limits.ts';

type Json = Record<string, unknown>;
interface Response {
  description: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: Json; example?: unknown }>;
}
interface Operation {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean; description: string; schema: Json }[];
  responses: Record<string, Response>;
}
interface Doc {
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Json>;
    headers: Record<string, { required: boolean; schema: Json }>;
    securitySchemes: { oauth2: { flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } } } };
  };
}

let t: TestApp;
let configured: TestApp;
before(async () => {
  t = await TestApp.start();
  configured = await TestApp.start({ publicBaseUrl: 'https://api.exemplo.com.br/erp' });
});
after(async () => {
  await t.close();
  await configured.close();
});

const doc = apiDescription() as unknown as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path, method, op })),
);

test('docs/openapi.json is what the routes generate (run `npm run openapi` after changing a route)', () => {
  const committed = JSON.parse(fs.readFileSync('docs/openapi.json', 'utf8'));
  assert.deepEqual(apiDescription(), committed);
  assert.deepEqual(doc.servers, [{ url: 'http://127.0.0.1:3000', description: 'Local (npm start)' }]);
  assert.equal(doc.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl, 'http://127.0.0.1:3000/v1/oauth/token');
});

/** The served document without what depends on the address, to compare with the committed one. */
function withoutAddress(served: Doc): unknown {
  const copy = structuredClone(served);
  copy.servers = [];
  copy.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl = '';
  return copy;
}

test('GET /openapi.json: the server and the token URL are the request’s own origin; nothing else differs', async () => {
  const res = await t.get('/openapi.json', undefined, { host: 'api.cliente.com.br:8443' });
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/json/);
  const served = res.json() as Doc;
  assert.deepEqual(served.servers, [{ url: 'http://api.cliente.com.br:8443', description: 'Este servidor' }]);
  assert.equal(served.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl, 'http://api.cliente.com.br:8443/v1/oauth/token');
  assert.deepEqual(withoutAddress(served), withoutAddress(doc));
});

test('GET /openapi.json behind a trusted proxy takes X-Forwarded-Proto and X-Forwarded-Host; an untrusted one is ignored', async () => {
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.exemplo.com.br', host: '10.0.0.5:3000' };
  const behindProxy = await t.sibling({ trustProxy: ['127.0.0.1'] });
  try {
    const served = (await behindProxy.get('/openapi.json', undefined, forwarded)).json() as Doc;
    assert.equal(served.servers[0]?.url, 'https://api.exemplo.com.br');
  } finally {
    await behindProxy.close();
  }
  const direct = (await t.get('/openapi.json', undefined, forwarded)).json() as Doc;
  assert.equal(direct.servers[0]?.url, 'http://10.0.0.5:3000');
});

test('GET /openapi.json with PUBLIC_BASE_URL: that address, whatever the Host; a Host that is no host name gives relative URLs', async () => {
  const served = (await configured.get('/openapi.json', undefined, { host: 'interno:3000' })).json() as Doc;
  assert.deepEqual(served.servers, [{ url: 'https://api.exemplo.com.br/erp', description: 'Este servidor' }]);
  assert.equal(served.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl, 'https://api.exemplo.com.br/erp/v1/oauth/token');
  const odd = (await t.get('/openapi.json', undefined, { host: 'a"b<c>' })).json() as Doc;
  assert.equal(odd.servers[0]?.url, '/');
  assert.equal(odd.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl, '/v1/oauth/token');
});

test('every operation has a unique camelCase operationId, one declared tag with a description, and a security requirement', () => {
  const ids = operations.map(({ op }) => op.operationId);
  assert.deepEqual([...ids].sort(), [
    'emitirToken',
    'exportarBoletos',
    'exportarClientes',
    'exportarContasPagar',
    'exportarContasReceber',
    'exportarOrdensServico',
    'exportarProdutos',
    'exportarServicos',
    'listarAlteracoesBoletos',
    'listarAlteracoesClientes',
    'listarAlteracoesContasPagar',
    'listarAlteracoesContasReceber',
    'listarAlteracoesOrdensServico',
    'listarAlteracoesProdutos',
    'listarAlteracoesServicos',
    'listarBoletos',
    'listarClientes',
    'listarContasPagar',
    'listarContasReceber',
    'listarOrdensServico',
    'listarProdutos',
    'listarServicos',
    'obterCliente',
    'obterOrdemServico',
    'obterProduto',
    'obterServico',
    'revogarToken',
  ]);
  const tags = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
  for (const { op } of operations) {
    assert.equal(op.tags.length, 1, op.operationId);
    assert.ok(tags.get(op.tags[0] ?? '')?.length, `${op.operationId}: tag ${op.tags[0]} is declared with a description`);
    // The OAuth endpoints take Basic or, for a key credential, an assertion in the body that no
    // security scheme describes (D57): the empty requirement says Basic may be absent.
    const oauthEndpoint = ['emitirToken', 'revogarToken'].includes(op.operationId);
    assert.deepEqual(op.security.length, oauthEndpoint ? 2 : 1, op.operationId);
  }
});

test('the OAuth2 client-credentials scheme lists every scope; each data operation requires its route’s scope', () => {
  assert.deepEqual(Object.keys(doc.components.securitySchemes.oauth2.flows.clientCredentials.scopes), SCOPES);
  for (const route of DATA_ROUTES) {
    const op = doc.paths[route.url.replace(':id', '{id}')]?.get;
    assert.deepEqual(op?.security, [{ oauth2: [route.scope] }], route.url);
  }
  assert.deepEqual(doc.paths['/v1/oauth/token']?.post?.security, [{ clientBasic: [] }, {}]);
});

test('record, list meta, error and token schemas are named components, referenced by the responses', () => {
  for (const name of [
    'Cliente',
    'OrdemServico',
    'OrdemServicoDetalhe',
    'Conta',
    'Boleto',
    'Produto',
    'Servico',
    'ListaMeta',
    'Erro',
    'Token',
    'OAuthErro',
  ]) {
    assert.ok(doc.components.schemas[name], name);
  }
  const list = doc.paths['/v1/clientes']?.get?.responses['200']?.content?.['application/json']?.schema as Json;
  assert.deepEqual(list.properties, {
    data: { type: 'array', items: { $ref: '#/components/schemas/Cliente' } },
    meta: { $ref: '#/components/schemas/ListaMeta' },
  });
});

/** A schema with every `#/components/schemas/…` reference replaced by the component it names. */
function resolved(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(resolved);
  if (schema === null || typeof schema !== 'object') return schema;
  const { $ref } = schema as { $ref?: string };
  if (typeof $ref === 'string' && $ref.startsWith('#/components/schemas/'))
    return resolved(doc.components.schemas[$ref.slice('#/components/schemas/'.length)]);
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value)]));
}

test('each data operation’s 200 schema is the route’s own envelope schema, references resolved (one definition, never two)', () => {
  for (const route of DATA_ROUTES) {
    const op = doc.paths[route.url.replace(':id', '{id}')]?.get;
    if (route.export === true) {
      // An export's 200 is NDJSON: each line is a record (the route's own schema) or the end line (D48).
      const line = op?.responses['200']?.content?.['application/x-ndjson']?.schema;
      assert.ok(line, route.url);
      assert.equal(op?.responses['200']?.content?.['application/json'], undefined, route.url);
      const [record, end] = (resolved(line) as { oneOf: Json[] }).oneOf;
      assert.deepEqual(record, JSON.parse(JSON.stringify(plainSchema(route.record.schema))), route.url);
      assert.deepEqual((end as { required: string[] }).required, ['fim', 'total', 'proximo_cursor'], route.url);
      continue;
    }
    const documented = op?.responses['200']?.content?.['application/json']?.schema;
    assert.ok(documented, route.url);
    assert.deepEqual(resolved(documented), JSON.parse(JSON.stringify(successSchema(route))), route.url);
  }
});

/** The codigo / error values an error response documents (its schema, or the component it refers to). */
function codesOf(response: Response): string[] {
  const schema = resolved(response.content?.['application/json']?.schema) as { allOf?: Json[] };
  const overlay = schema.allOf?.[1] as {
    properties: { erro?: { properties: { codigo: { enum: string[] } } }; error?: { enum: string[] } };
  };
  return overlay.properties.erro?.properties.codigo.enum ?? overlay.properties.error?.enum ?? [];
}

test('each data operation documents every status the checks can answer, with the catalogue’s codes of that status', () => {
  for (const route of DATA_ROUTES) {
    const op = doc.paths[route.url.replace(':id', '{id}')]?.get;
    assert.ok(op);
    const detail = route.url.endsWith('/:id');
    // An export has no ETag, so no 304 (D48); its 429 also says another export of the credential runs (D49).
    const conditional = route.export === true ? [] : ['304'];
    assert.deepEqual(
      Object.keys(op.responses),
      ['200', ...conditional, '400', '401', '403', ...(detail ? ['404'] : []), '405', '429', '500', '503'],
      route.url,
    );
    for (const [status, response] of Object.entries(op.responses)) {
      if (status === '200' || status === '304') continue;
      const expected = Object.entries(DATA_ERRORS)
        .filter(([, e]) => String(e.status) === status)
        .map(([codigo]) => codigo);
      assert.deepEqual(codesOf(response), expected, `${route.url} ${status}`);
    }
    assert.deepEqual(codesOf(op.responses['403'] as Response), ['escopo_insuficiente', 'ip_nao_autorizado']);
  }
});

test('each data error schema (Erro400, ...) is an Erro with the whole body stated and codigo narrowed to its status’s codes', () => {
  // The body stated whole, not only the narrowed `codigo`: a reader that takes each schema as closed
  // (Redocly's example check, strict generators) finds every field of the examples declared.
  const named = Object.keys(doc.components.schemas).filter((name) => /^Erro\d+$/.test(name));
  assert.deepEqual(named, ['Erro400', 'Erro401', 'Erro403', 'Erro404', 'Erro405', 'Erro429', 'Erro500', 'Erro503']);
  const { description: _generic, ...body } = doc.components.schemas.Erro as Json;
  for (const name of named) {
    const { allOf } = doc.components.schemas[name] as { allOf: Json[] };
    assert.deepEqual(allOf[0], { $ref: '#/components/schemas/Erro' }, name);
    const codes = Object.entries(DATA_ERRORS)
      .filter(([, e]) => `Erro${e.status}` === name)
      .map(([codigo]) => codigo);
    const expected = structuredClone(body) as { properties: { erro: { properties: { codigo: { enum: string[] } } } } };
    expected.properties.erro.properties.codigo.enum = codes;
    assert.deepEqual(allOf[1], expected, name);
  }
});

test('every enum in the document says its type, so generators type its values', () => {
  const untyped: string[] = [];
  const walk = (node: unknown, at: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, `${at}/${i}`));
    else if (node !== null && typeof node === 'object') {
      if (Array.isArray((node as Json).enum) && (node as Json).type === undefined) untyped.push(at);
      for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`);
    }
  };
  walk(doc, '#');
  assert.deepEqual(untyped, []);
});

test('the token operation documents its OAuth error values per status, and 405 in the data envelope', () => {
  const op = doc.paths['/v1/oauth/token']?.post;
  assert.ok(op);
  assert.deepEqual(Object.keys(op.responses), ['200', '400', '401', '403', '405', '413', '415', '429', '500', '503']);
  assert.deepEqual(codesOf(op.responses['400'] as Response), ['invalid_request', 'invalid_scope', 'unsupported_grant_type']);
  assert.deepEqual(codesOf(op.responses['429'] as Response), ['temporarily_unavailable']);
  assert.deepEqual(codesOf(op.responses['405'] as Response), ['metodo_nao_permitido']);
  const all = new Set(
    Object.keys(op.responses)
      .filter((s) => s !== '200' && s !== '405')
      .flatMap((s) => codesOf(op.responses[s] as Response)),
  );
  assert.deepEqual([...all].sort(), Object.keys(OAUTH_ERRORS).sort());
});

test('the token operation’s error examples are what the endpoint answers, byte for byte', async () => {
  const op = doc.paths['/v1/oauth/token']?.post;
  assert.ok(op);
  const empresa = await t.company();
  const cred = await t.credential(empresa, { scopes: ['clientes:ler'] });
  const asked = async (status: number, headers: Record<string, string>, payload: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/oauth/token', remoteAddress: uniqueSourceIp(), headers, payload });
    assert.equal(res.statusCode, status);
    assert.deepEqual(res.json(), op.responses[String(status)]?.content?.['application/json']?.example, `status ${status}`);
  };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const basic = basicHeader(cred.clientId, cred.secret);
  await asked(400, { ...form, authorization: basic }, 'grant_type=client_credentials&scope=boletos:ler');
  await asked(401, { ...form, authorization: basicHeader(cred.clientId, 'errado') }, 'grant_type=client_credentials');
  await asked(413, { ...form, authorization: basic }, `grant_type=client_credentials&x=${'a'.repeat(TOKEN_BODY_LIMIT)}`);
  await asked(415, { 'content-type': 'application/json', authorization: basic }, '{}');
});

test('response headers are declared as components where the server sends them', () => {
  const headersOf = (path: string, method: string, status: string) =>
    Object.fromEntries(
      Object.entries(doc.paths[path]?.[method]?.responses[status]?.headers ?? {}).map(([name, ref]) => [name, ref.$ref.split('/').pop()]),
    );
  assert.deepEqual(headersOf('/v1/clientes', 'get', '200'), {
    'X-Request-ID': 'XRequestId',
    'X-RateLimit-Limit': 'XRateLimitLimit',
    'X-RateLimit-Remaining': 'XRateLimitRemaining',
    'X-RateLimit-Reset': 'XRateLimitReset',
    'RateLimit-Policy': 'RateLimitPolicy',
    RateLimit: 'RateLimit',
    Link: 'Link',
    ETag: 'ETag',
  });
  assert.equal(headersOf('/v1/clientes', 'get', '304').ETag, 'ETag', 'a 304 repeats the tag');
  assert.equal(headersOf('/v1/clientes/alteracoes', 'get', '200').ETag, 'ETag');
  assert.deepEqual(Object.keys(headersOf('/v1/clientes/exportacao', 'get', '200')), [
    'X-Request-ID',
    'X-RateLimit-Limit',
    'X-RateLimit-Remaining',
    'X-RateLimit-Reset',
    'RateLimit-Policy',
    'RateLimit',
  ]);
  assert.equal(headersOf('/v1/clientes/{id}', 'get', '200').Link, undefined, 'no Link on a detail');
  assert.equal(headersOf('/v1/clientes', 'get', '401')['WWW-Authenticate'], 'WWWAuthenticate');
  assert.equal(headersOf('/v1/clientes', 'get', '403')['WWW-Authenticate'], 'WWWAuthenticateEscopo');
  assert.equal(headersOf('/v1/clientes', 'get', '405').Allow, 'Allow');
  assert.equal(headersOf('/v1/clientes', 'get', '429')['Retry-After'], 'RetryAfter');
  assert.equal(headersOf('/v1/clientes', 'get', '503')['Retry-After'], 'RetryAfter');
  assert.deepEqual(Object.keys(headersOf('/v1/oauth/token', 'post', '200')), ['X-Request-ID', 'Cache-Control', 'Pragma']);
  assert.equal(headersOf('/v1/oauth/token', 'post', '401')['WWW-Authenticate'], 'WWWAuthenticate');
  for (const { op } of operations)
    for (const [status, r] of Object.entries(op.responses)) assert.ok(r.headers?.['X-Request-ID'], `${op.operationId} ${status}`);
});

test('parameters carry their ranges, formats, enums and defaults', () => {
  const params = Object.fromEntries((doc.paths['/v1/contas-receber']?.get?.parameters ?? []).map((p) => [p.name, p.schema]));
  assert.deepEqual(params.por_pagina, { type: 'integer', minimum: 1, maximum: 200, default: 50 });
  assert.deepEqual(params.pagina, { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, default: 1 });
  assert.deepEqual(params.data_inicio, { type: 'string', format: 'date' });
  assert.deepEqual(params.status, { type: 'string', enum: ['aberto', 'pago', 'vencido'] });
  assert.deepEqual(params.ordem, { type: 'string', enum: ['asc', 'desc'], default: 'desc' });
  const id = doc.paths['/v1/clientes/{id}']?.get?.parameters?.find((p) => p.name === 'id');
  assert.deepEqual(id && { in: id.in, required: id.required, schema: id.schema }, {
    in: 'path',
    required: true,
    schema: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  });
  for (const { op } of operations) for (const p of op.parameters ?? []) assert.ok(p.description.length > 0, `${op.operationId} ${p.name}`);
});

test('every response has an example (JSON, or one NDJSON line of an export) valid against its schema', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'doc');
  let checked = 0;
  for (const { path, method, op } of operations) {
    for (const [status, response] of Object.entries(op.responses)) {
      // A 304 has no body (D46), nor has a revocation's 200 (D58, RFC 7009): nothing to exemplify.
      if (status === '304' || (op.operationId === 'revogarToken' && status === '200')) {
        assert.equal(response.content, undefined, `${op.operationId} ${status} has no body`);
        continue;
      }
      const type = response.content?.['application/x-ndjson'] === undefined ? 'application/json' : 'application/x-ndjson';
      const media = response.content?.[type];
      assert.ok(media && media.example !== undefined, `${op.operationId} ${status} has an example`);
      const pointer = ['paths', path, method, 'responses', status, 'content', type, 'schema']
        .map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1')))
        .join('/');
      const validate = ajv.compile({ $ref: `doc#/${pointer}` });
      assert.ok(validate(media.example), `${op.operationId} ${status}: ${ajv.errorsText(validate.errors)}`);
      checked++;
    }
  }
  assert.ok(checked >= 100, `${checked} examples`);
  // An example that breaks its schema is caught (the check above can fail).
  const broken = ajv.compile({ $ref: 'doc#/components/schemas/Boleto' });
  assert.equal(broken({ id: 'um' }), false);
});

/** Every string of a JSON document, with where it is. */
function* strings(value: unknown, at = '$'): Generator<[string, string]> {
  if (typeof value === 'string') yield [at, value];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* strings(item, `${at}[${i}]`);
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${at}.${k}`);
}

// The project's decision ids (D1..D46) are for its own code and docs (docs/decisions.md);
// integrators are told the rule itself.
const DECISION_ID = /\bD\d{1,2}\b/;

test('what integrators read cites no decision id: the OpenAPI texts, the reference page, the error messages', async () => {
  const cited = [...strings(apiDescription())].filter(([, text]) => DECISION_ID.test(text));
  assert.deepEqual(cited, []);
  const page = fs.readdirSync('src/docs-page').filter((f) => /\.(html|js)$/.test(f) || f === 'guide.ts');
  for (const file of page.map((f) => `src/docs-page/${f}`)) {
    const texts = fs.readFileSync(file, 'utf8').match(/(['"`])(?:(?!\1).)*\1|>[^<]+</g) ?? [];
    assert.deepEqual(
      texts.filter((text) => DECISION_ID.test(text)),
      [],
      file,
    );
  }
  const { CATALOGUE, CONNECTION_ERRORS } = await import('../../src/errors/catalogue.ts');
  const messages = [...Object.values(CATALOGUE), ...Object.values(CONNECTION_ERRORS)].map((e) => e.mensagem);
  assert.deepEqual(
    messages.filter((m) => DECISION_ID.test(m)),
    [],
  );
});
