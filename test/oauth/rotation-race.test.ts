import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { sha256 } from '../../src/crypto/hashes.ts';
import { UnlimitedLimiter } from '../helpers/adversarial.ts';
import { runCli } from '../helpers/processes.ts';
import { TestApp, type TestCredential } from '../helpers/test-app.ts';
import { addUser, Browser } from '../settings/settings-client.ts';

/**
 * D31 under concurrency (ADR 0016): a rotation revokes every token obtained with the old secret,
 * also the ones whose request was being answered while the rotation committed. Eight clients
 * request tokens with the old secret from two instances, without pause, while the secret is
 * rotated by the operator CLI (a process of its own) and by the settings API; afterwards no
 * token of the old secret is live in the database, and those obtained around the commit are
 * refused on both instances.
 *
 * The instances count no attempts (UnlimitedLimiter): at 5 attempts a minute per credential
 * (D27) the race could not be reached at all; the limits have suites of their own.
 */
const CLIENTS = 8;
/** How long the clients keep asking once the rotation has returned. */
const AFTER_MS = 150;

interface Obtained {
  token: string;
  /** when its request was sent, from performance.now() */
  sentAt: number;
}

let a: TestApp;
let b: TestApp;
let empresaId: number;

before(async () => {
  a = await TestApp.start({ limiter: new UnlimitedLimiter() });
  b = await a.sibling({ limiter: new UnlimitedLimiter() });
  empresaId = await a.company();
  await a.load({ clientes: [{ id: 1, empresa_id: empresaId, tipo_pessoa: 'fisica', nome: 'Cliente da rotação' }] });
});
after(async () => {
  await b?.close();
  await a?.close();
});

/**
 * Runs `rotate` while CLIENTS loops ask both instances for tokens with `cred`'s secret, until
 * AFTER_MS past its return. Gives the tokens obtained, and the new secret.
 */
async function hammerWhile(
  cred: TestCredential,
  rotate: () => Promise<string>,
): Promise<{ obtained: Obtained[]; secret: string; rotatedAt: number; refused: number }> {
  const obtained: Obtained[] = [];
  let refused = 0;
  let stopAt = Infinity;
  const loop = async (n: number) => {
    for (let i = n; performance.now() < stopAt; i++) {
      const sentAt = performance.now();
      const res = await (i % 2 === 0 ? a : b).requestToken(cred);
      if (res.statusCode === 200) obtained.push({ token: (res.json() as { access_token: string }).access_token, sentAt });
      else {
        assert.equal(res.statusCode, 401, res.body);
        refused++;
      }
    }
  };
  const loops = Array.from({ length: CLIENTS }, (_, n) => loop(n));
  // Let the clients get going before the rotation starts.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const secret = await rotate();
  const rotatedAt = performance.now();
  stopAt = rotatedAt + AFTER_MS;
  await Promise.all(loops);
  return { obtained, secret, rotatedAt, refused };
}

/** Tokens of `hashes` that the database still holds live: not revoked, not expired. */
async function liveTokens(tokens: string[]): Promise<number> {
  const hashes = tokens.map((token) => sha256(token));
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM access_tokens
     WHERE token_hash = ANY(${hashes}) AND revoked_at IS NULL AND expires_at > now()`.execute(a.store.central);
  return rows[0]?.n ?? -1;
}

/** Every token is refused on both instances (401 token_invalido). */
async function refusedOnBoth(tokens: string[]): Promise<void> {
  for (const token of tokens) {
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const res = await app.get('/v1/clientes', token);
      assert.equal(res.statusCode, 401, `a token of the old secret answered ${res.statusCode} on instance ${name}`);
    }
  }
}

async function checkRound(
  cred: TestCredential,
  round: { obtained: Obtained[]; secret: string; rotatedAt: number; refused: number },
  label: string,
) {
  assert.ok(round.obtained.length > 0, 'the clients obtained tokens with the old secret before the rotation');
  assert.ok(round.refused > 0, 'the old secret was refused once the rotation had committed');
  assert.equal(await liveTokens(round.obtained.map((o) => o.token)), 0, 'no token of the old secret is live in the database');
  // Those whose request was sent in the last half second before the rotation returned, or after:
  // the ones a rotation racing their issue could have missed.
  const aroundCommit = round.obtained.filter((o) => o.sentAt > round.rotatedAt - 500).map((o) => o.token);
  await refusedOnBoth(aroundCommit);
  console.log(
    `# ${label}: ${round.obtained.length} tokens obtained with the old secret (${aroundCommit.length} in the last 500 ms), ` +
      `${round.refused} requests refused after the commit, survivors 0`,
  );
  // The new secret works on both instances.
  const next = { ...cred, secret: round.secret };
  for (const app of [a, b]) assert.equal((await app.get('/v1/clientes', await app.token(next))).statusCode, 200);
  return next;
}

describe('a rotation racing token requests with the old secret', () => {
  test('through the operator CLI, three times: every token of the old secret is revoked', async () => {
    const env = a.cliEnv();
    let cred = await a.credential(empresaId);
    for (let i = 1; i <= 3; i++) {
      const round = await hammerWhile(cred, async () => {
        const out = await runCli(['credentials', 'rotate', cred.clientId, '--json'], env);
        assert.equal(out.code, 0, out.stderr);
        return (JSON.parse(out.stdout) as { client_secret: string }).client_secret;
      });
      cred = await checkRound(cred, round, `CLI rotation ${i}`);
    }
  });

  test('through the settings API, three times: every token of the old secret is revoked', async () => {
    const user = await addUser(a, empresaId);
    const browser = await Browser.signIn(a, user);
    let cred = await a.credential(empresaId, { scopes: ['clientes:ler'] });
    for (let i = 1; i <= 3; i++) {
      const round = await hammerWhile(cred, async () => {
        const res = await browser.post(`/settings/api/credentials/${cred.clientId}/rotate`);
        assert.equal(res.statusCode, 200, res.body);
        return (res.json() as { client_secret: string }).client_secret;
      });
      cred = await checkRound(cred, round, `settings rotation ${i}`);
    }
  });
});
