import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDemoDataset } from '../../src/demo/demo-dataset/index.ts';
import { todayInSaoPaulo } from '../../src/time/sao-paulo-date.ts';
import { limiterLifting } from '../helpers/lifted-limiter.ts';
import { runProcess, type ProcessRun } from '../helpers/processes.ts';
import { basicHeader, TestApp, type TestCredential } from '../helpers/test-app.ts';

// The code samples of /docs (src/docs-page/samples.js) run as written against a real server: the
// app on the demo data set, listening on a real port, every operation of its own /openapi.json,
// in every language this machine can run — curl (bash), Python with our client and with requests
// (Debian's python3 and python3-requests), PHP with our client and with ext-curl (php-cli,
// php-curl), JavaScript with node. Only two things change in a sample's text: the credential comes
// from the environment as the sample says, and the PHP client is loaded from this repository
// instead of Composer's vendor/. C# cannot run here (no .NET): its text is checked for shape.

/** The page's module, imported as the browser does (plain JavaScript, no DOM needed). */
interface Sample {
  id: string;
  label: string;
  text: string;
}
interface SamplesModule {
  samplesOf(entry: { path: string; method: string; op: unknown; id: string }, ctx: unknown): Sample[];
  LANGUAGES: readonly { id: string }[];
}
interface SchemaModule {
  useDocument(doc: unknown): void;
}
const SAMPLES_JS = new URL('../../src/docs-page/samples.js', import.meta.url).href;
const SCHEMA_JS = new URL('../../src/docs-page/schema.js', import.meta.url).href;

const PYTHON = '/usr/bin/python3';
const PHP = '/usr/bin/php';
const has = (cmd: string, args: string[]) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const runners: Record<string, string | false> = {
  curl: has('bash', ['-c', 'command -v curl']) ? false : 'curl is not installed',
  python: has(PYTHON, ['-c', 'import json']) ? false : `${PYTHON} is not installed`,
  'python-requests': has(PYTHON, ['-c', 'import requests']) ? false : 'python3-requests is not installed',
  php: has(PHP, ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']) ? false : 'php-cli with php-curl is not installed',
  'php-curl': has(PHP, ['-r', 'exit(function_exists("curl_init") ? 0 : 1);']) ? false : 'php-cli with php-curl is not installed',
  javascript: false,
};
const PHP_AUTOLOAD = path.resolve('clients/php/autoload.php');
/**
 * The operations every language runs: one of each kind the samples are written for (the token,
 * a revocation, a list with and without required parameters, a detail, a feed, an export). Every
 * other operation runs in one language, taking turns, so that each operation's sample runs once
 * and each language's of every kind: all of them in every language were 180 runs and two minutes
 * of the suite, for samples that differ by kind only in their path and parameters.
 */
const EVERY_LANGUAGE = new Set([
  'POST /v1/oauth/token',
  'POST /v1/oauth/revoke',
  'GET /v1/clientes',
  'GET /v1/contas-receber',
  'GET /v1/clientes/{id}',
  'GET /v1/clientes/alteracoes',
  'GET /v1/contas-receber/exportacao',
]);
const LANGUAGES = ['curl', 'python', 'python-requests', 'php', 'php-curl', 'javascript'];
/** Whether `language` runs the `index`-th operation (`name`). */
const runsIn = (language: string, name: string, index: number): boolean =>
  EVERY_LANGUAGE.has(name) || LANGUAGES[index % LANGUAGES.length] === language;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every request of this file comes from 127.0.0.1, and every language gets a token for each
 * operation with the same credential: the token attempts' limits, per IP and per client id, are
 * lifted (tested in test/oauth); the data routes' limit per credential stays.
 */
const LIFTED = ['token-ip:', 'token-client:'];

/** A sample's program, with no proxy for the local server and no bytecode written. */
const run = (command: string, args: string[], env: Record<string, string>, cwd: string): Promise<ProcessRun> =>
  runProcess(command, args, { NO_PROXY: '127.0.0.1', no_proxy: '127.0.0.1', PYTHONDONTWRITEBYTECODE: '1', ...env }, cwd);

type Json = Record<string, unknown>;
interface Doc {
  servers?: { url: string }[];
  security?: unknown;
  paths: Record<string, Record<string, Json> & { parameters?: unknown[] }>;
  components: { securitySchemes: Record<string, { flows?: { clientCredentials?: { tokenUrl: string } } }> };
}

describe('the code samples of /docs, run against a real server', () => {
  let t: TestApp;
  let origin = '';
  let work = '';
  let doc: Doc;
  let samples: { name: string; path: string; method: string; samples: Sample[]; cred: TestCredential }[] = [];
  let detail: Json = {};
  let firstConta: Json = {};
  let tokenUrl = '';

  before(async () => {
    t = await TestApp.start({ limiter: limiterLifting(LIFTED) });
    await t.load(buildDemoDataset({ today: todayInSaoPaulo() }));
    origin = (await t.listen()).origin;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-samples-'));
    // The document as the page reads it, over HTTP; the operations as the page lists them (docs.js).
    doc = (await (await fetch(`${origin}/openapi.json`)).json()) as Doc;
    const { useDocument } = (await import(SCHEMA_JS)) as SchemaModule;
    const { samplesOf } = (await import(SAMPLES_JS)) as SamplesModule;
    useDocument(doc);
    const baseUrl = doc.servers?.[0]?.url ?? origin;
    tokenUrl = doc.components.securitySchemes.oauth2?.flows?.clientCredentials?.tokenUrl ?? '';
    const ctx = { baseUrl, tokenUrl, envelope: [], oauth: [], schemes: doc.components.securitySchemes };
    const operations = Object.entries(doc.paths).flatMap(([p, item]) =>
      METHODS.filter((m) => item[m] !== undefined).map((method) => {
        const declared = item[method] as Json & { parameters?: unknown[]; security?: unknown };
        const op = {
          ...declared,
          parameters: [...(item.parameters ?? []), ...(declared.parameters ?? [])],
          security: declared.security ?? doc.security,
        };
        // Where the document points elsewhere than this server, the samples are pointed here.
        const texts = samplesOf({ path: p, method, op, id: p }, ctx).map((s) => ({ ...s, text: s.text.split(baseUrl).join(origin) }));
        return { name: `${method.toUpperCase()} ${p}`, path: p, method, samples: texts };
      }),
    );
    // A credential per operation, which every language's run of it uses: a company has at most
    // 50 credentials, and one credential's data requests per minute are limited.
    samples = [];
    for (const operation of operations) samples.push({ ...operation, cred: await t.credential(1) });
    // What the API answers, to compare with what the samples print.
    const reader = await t.credential(1);
    detail = ((await apiGet(reader, '/v1/clientes/1')).data ?? {}) as Json;
    firstConta = (((await apiGet(reader, '/v1/contas-receber')).data as Json[])[0] ?? {}) as Json;
  });
  after(async () => {
    await t?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  /** Runs one sample with a credential of the demo company; returns what it printed. */
  async function runSample(language: string, text: string, cred: TestCredential): Promise<ProcessRun> {
    const env = { CLIENT_ID: cred.clientId, CLIENT_SECRET: cred.secret };
    switch (language) {
      case 'curl':
        return run('bash', ['-c', text], env, work);
      case 'python':
        return run(PYTHON, ['-c', text], { ...env, PYTHONPATH: path.resolve('clients/python/src') }, work);
      case 'python-requests':
        return run(PYTHON, ['-c', text], env, work);
      case 'php':
      case 'php-curl': {
        const file = path.join(work, 'exemplo.php');
        fs.writeFileSync(file, text.replace("require __DIR__ . '/vendor/autoload.php';", `require ${JSON.stringify(PHP_AUTOLOAD)};`));
        return run(PHP, [file], env, work);
      }
      case 'javascript': {
        const file = path.join(work, 'exemplo.mjs');
        fs.writeFileSync(file, text);
        return run(process.execPath, [file], env, work);
      }
      default:
        throw new Error(`no runner for ${language}`);
    }
  }

  /** The data of one GET. */
  async function apiGet(cred: TestCredential, url: string): Promise<Json> {
    const token = (
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/oauth/token',
          headers: { authorization: basicHeader(cred.clientId, cred.secret), 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'grant_type=client_credentials',
        })
      ).json() as { access_token: string }
    ).access_token;
    return (await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } })).json() as Json;
  }

  test('every operation has a sample per language, each naming its path and the token URL', () => {
    assert.ok(samples.length >= 12);
    assert.match(tokenUrl, /^http:\/\/127\.0\.0\.1:\d+\/v1\/oauth\/token$/);
    for (const { name, path: p, samples: list } of samples) {
      assert.deepEqual(
        list.map((s) => s.id),
        ['curl', 'python', 'python-requests', 'php', 'php-curl', 'csharp', 'javascript'],
        name,
      );
      for (const s of list) {
        assert.ok(s.text.includes(p) || s.text.includes(p.replace('{id}', '1')), `${name} ${s.id}: the path`);
        assert.ok(s.text.includes(tokenUrl.split(doc.servers?.[0]?.url ?? origin).join(origin)), `${name} ${s.id}: the token URL`);
      }
    }
  });

  test('each operation is run in some language; each kind of operation in every language', () => {
    assert.deepEqual(Object.keys(runners), LANGUAGES);
    for (const [index, { name }] of samples.entries())
      assert.ok(
        LANGUAGES.some((language) => runsIn(language, name, index)),
        name,
      );
    assert.deepEqual(
      [...EVERY_LANGUAGE].filter((name) => !samples.some((s) => s.name === name)),
      [],
      'every operation of EVERY_LANGUAGE is in the document',
    );
  });

  for (const language of Object.keys(runners)) {
    test(
      `${language}: the sample of each kind of operation, and of every sixth other one, runs and prints what the API answers`,
      { skip: runners[language] },
      async () => {
        assert.equal(typeof detail.nome, 'string');
        for (const [index, { name, path: p, method, samples: list, cred }] of samples.entries()) {
          if (!runsIn(language, name, index)) continue;
          const text = list.find((s) => s.id === language)?.text ?? '';
          const { code, output } = await runSample(language, text, cred);
          assert.equal(code, 0, `${name} (${language}) exited ${code}:\n${output.slice(0, 2000)}\n--- the sample:\n${text}`);
          const where = `${name} (${language}) printed:\n${output.slice(0, 1000)}`;
          if (p === '/v1/oauth/token') assert.match(output, /"access_token":\s*"ae_at_/, where);
          else if (p === '/v1/oauth/revoke') assert.ok(language === 'curl' || /token revogado|^200$/m.test(output), where);
          else if (p === '/v1/clientes/{id}') assert.match(output, new RegExp(`"nome":\\s*${JSON.stringify(detail.nome)}`), where);
          else if (p === '/v1/contas-receber') {
            assert.match(output, new RegExp(`"id":\\s*${String(firstConta.id)},`), where);
            assert.match(output, new RegExp(`"descricao":\\s*${JSON.stringify(firstConta.descricao)}`), where);
          } else if (p.endsWith('/exportacao')) assert.match(output, /"fim":\s*true|registros; o feed continua do cursor \S+/, where);
          else if (p.endsWith('/alteracoes')) assert.match(output, /"proximo_cursor"|continue do cursor \S+/, where);
          else assert.match(output, /"id":\s*\d+/, where);
          assert.equal(method === 'get' || method === 'post', true);
        }
      },
    );
  }

  test('C# (no .NET here): a top-level program with HttpClient and System.Text.Json, Basic then Bearer', () => {
    for (const { name, path: p, samples: list } of samples) {
      const text = list.find((s) => s.id === 'csharp')?.text ?? '';
      assert.match(text, /^using System\.Net\.Http\.Headers;$/m, name);
      assert.match(text, /^using System\.Text\.Json;$/m, name);
      assert.match(text, /^using var http = new HttpClient\(\);$/m, name);
      assert.match(text, /new AuthenticationHeaderValue\("Basic", basic\)/, name);
      assert.match(text, /\["grant_type"\] = "client_credentials"/, name);
      if (p !== '/v1/oauth/token' && p !== '/v1/oauth/revoke') {
        assert.match(text, /new AuthenticationHeaderValue\("Bearer", token\)/, name);
        assert.match(text, /GetProperty\("access_token"\)/, name);
      }
      // Balanced braces and parentheses, every statement line ended.
      for (const [open, close] of [
        ['{', '}'],
        ['(', ')'],
      ] as const) {
        assert.equal(text.split(open).length, text.split(close).length, `${name}: ${open}${close}`);
      }
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        if (!/^\S/.test(line) || line.startsWith('//') || /[{}(,]$/.test(line) || lines[i + 1] === '{') return;
        assert.match(line, /;$|^while\b/, `${name}: ${line}`);
      });
    }
  });
});
