import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ADVERSARIAL_SEED, size, specHeaderProblems, UnlimitedLimiter } from '../helpers/adversarial.ts';
import { basicHeader, TestApp, type TestCredential } from '../helpers/test-app.ts';
import { decodeForm } from './query-reference.ts';

/**
 * Token requests fuzzed with fast-check (fixed seed): Authorization headers (valid, wrong, unknown,
 * malformed, other schemes), content types, query strings and bodies (grant types, scopes, body
 * credentials, repeats, junk, malformed escapes, oversize). Every answer: no 5xx, the six spec
 * headers, the OAuth error shape, and the verdict of a reference written here from the spec and
 * D25-D29, D41 — a token exactly when it finds nothing wrong, with the scopes it expects; otherwise
 * one of the errors it found (the spec does not order them). 500 requests in npm test, 2,000 with
 * ADVERSARIAL_LONG=1. Attempt limits are left out (an unlimited limiter): limits.test.ts has them.
 */
const RUNS = size(500, 2000);
const CATALOGUE = [
  'clientes:ler',
  'clientes:contato:ler',
  'os:ler',
  'produtos:ler',
  'servicos:ler',
  'contas-receber:ler',
  'contas-pagar:ler',
  'boletos:ler',
];
const HELD = ['clientes:ler', 'os:ler', 'boletos:ler'] as const;

let t: TestApp;
let cred: TestCredential;
const totals = { requests: 0, granted: 0, refused: new Map<string, number>() };

before(async () => {
  t = await TestApp.start({ limiter: new UnlimitedLimiter() });
  cred = await t.credential(await t.company(), { scopes: HELD });
});
after(async () => {
  const refused = [...totals.refused].map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`# token fuzz: ${totals.requests} requests, ${totals.granted} tokens, refused: ${refused}; 0 5xx`);
  await t.close();
});

/** An Authorization header and what it is, by construction (so the reference needs no Base64 parser). */
type Auth = { header: string | undefined; kind: 'absent' | 'malformed' | 'valid' | 'wrong'; clientId?: string };
const auth: fc.Arbitrary<() => Auth> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('Basic', 'basic', 'BASIC').map((s) => () => ({
      header: basicHeader(cred.clientId, cred.secret).replace('Basic', s),
      kind: 'valid' as const,
      clientId: cred.clientId,
    })),
  },
  fc.constant(() => ({ header: basicHeader(cred.clientId, 'ae_sk_wrong'), kind: 'wrong' as const, clientId: cred.clientId })),
  fc
    .string({ maxLength: 30 })
    .map((id) => () => ({ header: basicHeader(`ae_live_${id}`, cred.secret), kind: 'wrong' as const, clientId: `ae_live_${id}` })),
  fc.constantFrom(undefined, 'Bearer x', 'Digest a=b', 'Token', 'Basicx abc').map((header) => () => ({ header, kind: 'absent' as const })),
  fc
    .constantFrom(
      'Basic',
      'Basic !!',
      'Basic YQ',
      'Basic YWJj',
      `Basic ${Buffer.from('%zz:x').toString('base64')}`,
      `Basic ${Buffer.from([0xc3, 0x3a]).toString('base64')}`,
    )
    .map((header) => () => ({ header, kind: 'malformed' as const })),
);

const FORM = 'application/x-www-form-urlencoded';
const contentType = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(FORM, `${FORM}; charset=utf-8`, 'Application/X-WWW-Form-URLEncoded', `${FORM};charset=latin1`) },
  fc.constantFrom(undefined, 'text/plain', 'application/json', 'multipart/form-data; boundary=x', `${FORM}x`, 'application/*', ''),
);

const scopeValue = fc.oneof(
  fc.subarray(CATALOGUE).map((s) => s.join(' ')),
  fc.subarray([...HELD, ...HELD]).map((s) => s.join('+')),
  fc.constantFrom('', '+', '%20', 'OS:LER', 'admin', 'os:ler,clientes:ler', 'os:ler%09boletos:ler', '+os:ler+', '%zz', '%C3%A7'),
);
const junkValue = fc.oneof(fc.string({ maxLength: 10 }).map(encodeURIComponent), fc.constantFrom('', '%', '%zz', '%FF', '+', 'x'));
const bodySegment = fc.oneof(
  fc.constantFrom('grant_type=', 'grant_type', 'grant_type=password', 'grant_type=CLIENT_CREDENTIALS', 'grant_type=client%5Fcredentials'),
  { weight: 6, arbitrary: scopeValue.map((v) => `scope=${v.replace(/ /g, '+')}`) },
  fc.oneof(
    junkValue.map((v) => `client_secret=${v}`),
    fc.constant(() => `client_id=${cred.clientId}`),
    junkValue.map((v) => `client_id=${v}`),
  ),
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom('foo', 'x', 'GRANT_TYPE', '', 'sc%6Fpe', '%zz'), junkValue).map(([n, v]) => `${n}=${v}`),
  },
);
/** Mostly near-valid bodies: the grant type at some place, up to 3 other segments, sometimes a repeat or padding past 8 KiB. */
const body = fc
  .record({
    segments: fc.array(bodySegment, { maxLength: 3 }),
    grant: fc.integer({ min: 0, max: 9 }),
    at: fc.nat(),
    repeat: fc.integer({ min: 0, max: 7 }),
    pad: fc.oneof({ weight: 12, arbitrary: fc.constant(0) }, fc.constantFrom(8192 - 40, 8300)),
  })
  .map(({ segments, grant, at, repeat, pad }) => {
    const list = segments.map((s) => (typeof s === 'function' ? s() : s));
    if (grant < 8) list.splice(at % (list.length + 1), 0, 'grant_type=client_credentials');
    if (repeat === 0 && list.length > 0) list.push(list[at % list.length] as string);
    if (pad > 0) list.push(`pad=${'a'.repeat(pad)}`);
    return list.join('&');
  });
const url = fc.oneof(
  { weight: 8, arbitrary: fc.constant('/v1/oauth/token') },
  fc.constantFrom('/v1/oauth/token?a=1', '/v1/oauth/token?grant_type=client_credentials', '/v1/oauth/token?%'),
);

type Outcome = { status: 200; scope: string } | { status: number; error: string };

/** The reference: every reason the spec gives to refuse this request, or the token it grants. */
function reference(a: Auth, type: string | undefined, target: string, raw: string): Outcome[] {
  const reasons: Outcome[] = [];
  const refuse = (status: number, error: string) => reasons.push({ status, error });
  const media = type?.split(';')[0]?.trim().toLowerCase();
  if (media !== FORM) refuse(415, 'invalid_request');
  if (target.includes('?')) refuse(400, 'invalid_request');
  if (Buffer.byteLength(raw) > 8192) refuse(413, 'invalid_request');
  const values = new Map<string, string>();
  for (const segment of raw.split('&')) {
    if (segment === '') continue;
    const eq = segment.indexOf('=');
    const name = decodeForm(eq === -1 ? segment : segment.slice(0, eq));
    const value = decodeForm(eq === -1 ? '' : segment.slice(eq + 1));
    // A segment with no name carries no parameter, whatever follows its `=` (as on the data lists, D37).
    if (name === '') continue;
    else if (name === null || value === null) refuse(400, 'invalid_request');
    else if (values.has(name)) refuse(400, 'invalid_request');
    else values.set(name, value);
  }
  const get = (name: string) => (values.get(name) === '' ? undefined : values.get(name));
  if (get('client_secret') !== undefined) refuse(400, 'invalid_request');
  if (a.kind === 'absent') refuse(401, 'invalid_client');
  if (a.kind === 'malformed') refuse(400, 'invalid_request');
  if (get('client_id') !== undefined && a.clientId !== undefined && get('client_id') !== a.clientId) refuse(400, 'invalid_request');
  const grant = get('grant_type');
  if (grant === undefined) refuse(400, 'invalid_request');
  else if (grant !== 'client_credentials') refuse(400, 'unsupported_grant_type');
  if (a.kind === 'wrong') refuse(401, 'invalid_client');
  const scope = get('scope');
  const asked = scope === undefined ? [...HELD] : scope.split(' ').filter((s) => s !== '');
  if (asked.length === 0 || asked.some((s) => !(HELD as readonly string[]).includes(s))) refuse(400, 'invalid_scope');
  return reasons.length > 0 ? reasons : [{ status: 200, scope: CATALOGUE.filter((s) => asked.includes(s)).join(' ') }];
}

test(`${RUNS} fuzzed token requests agree with the reference, never 5xx, six headers on each`, async () => {
  await fc.assert(
    fc.asyncProperty(auth, contentType, url, body, fc.integer({ min: 1, max: 250 }), async (makeAuth, type, target, raw, ip) => {
      const a = makeAuth();
      const res = await t.app.inject({
        method: 'POST',
        url: target,
        remoteAddress: `192.0.2.${ip}`,
        headers: {
          ...(a.header === undefined ? {} : { authorization: a.header }),
          ...(type === undefined ? {} : { 'content-type': type }),
        },
        payload: raw,
      });
      totals.requests++;
      const context = `${a.header} | ${type} | ${target} | ${raw.slice(0, 200)}: ${res.statusCode} ${res.body.slice(0, 200)}`;
      assert.ok(res.statusCode < 500, context);
      assert.deepEqual(specHeaderProblems(res.headers), [], context);
      const expected = reference(a, type, target, raw);
      const answer = res.json() as { error?: string; error_description?: string; scope?: string };
      if (expected[0]?.status === 200) {
        assert.equal(res.statusCode, 200, context);
        assert.equal(answer.scope, (expected[0] as { scope: string }).scope, context);
        totals.granted++;
        return;
      }
      assert.deepEqual(Object.keys(answer).sort(), ['error', 'error_description'], context);
      assert.match(answer.error_description ?? '', /^[\x20-\x21\x23-\x5b\x5d-\x7e]+$/, context);
      assert.ok(
        expected.some((e) => e.status === res.statusCode && 'error' in e && e.error === answer.error),
        `${context}\nexpected one of ${JSON.stringify(expected)}`,
      );
      const key = `${res.statusCode} ${answer.error}`;
      totals.refused.set(key, (totals.refused.get(key) ?? 0) + 1);
    }),
    { seed: ADVERSARIAL_SEED, numRuns: RUNS, endOnFailure: true },
  );
});
