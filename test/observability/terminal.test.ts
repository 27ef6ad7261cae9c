import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { printedCredential, requestToken, startServer, tempDataDir, V8_FLAGS, type ServerProcess } from '../helpers/processes.ts';

/**
 * What a person sees when the server runs in a terminal (issue 20): lines to read, not JSON; the
 * start banner last and framed; no line per script or stylesheet of a page. And what a pipeline
 * sees when stdout is not a terminal: JSON lines, as before.
 */

const ESC = String.fromCharCode(27);
const ANSI = new RegExp(`${ESC}\\[[0-9;]*m`, 'g');

interface TerminalServer {
  url: string;
  /** what the terminal showed so far, colours removed, one entry per line */
  lines(): string[];
  /** the raw bytes, colours included */
  raw(): string;
  stop(): Promise<void>;
}

/**
 * The server under a real pseudo-terminal: util-linux's `script` gives it one, so that
 * process.stdout.isTTY is true as in a person's shell. `terminal: false`: the same server with
 * its output piped (LOG_FORMAT=pretty then asks for the terminal's lines).
 */
async function startReadable(env: Record<string, string>, { terminal = true } = {}): Promise<TerminalServer> {
  const args = [...V8_FLAGS, '--import', 'tsx', 'src/server.ts'];
  const child: ChildProcess = spawn(
    terminal ? 'script' : process.execPath,
    terminal ? ['-qfec', `exec ${[process.execPath, ...args].join(' ')}`, '/dev/null'] : args,
    {
      env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', LOG_FORMAT: '', NO_COLOR: '', TERM: 'xterm-256color', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const lines = () => out.replace(ANSI, '').split(/\r?\n/);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout?.on('data', () => {
      // The banner's closing rule is the end of the start.
      const rules = lines().filter((l) => /^═{20,}$/.test(l));
      const listening = /INFO.*: listening .*"url":"(http:[^"]+)"/.exec(lines().join('\n'));
      if (listening?.[1] !== undefined && rules.length === 2) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    lines,
    raw: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-(child.pid ?? 0), 'SIGTERM');
      }),
  };
}

/** Lines that came after the banner's closing rule. */
function afterBanner(lines: string[]): string[] {
  const rules = lines.flatMap((l, i) => (/^═{20,}$/.test(l) ? [i] : []));
  return lines.slice((rules.at(-1) ?? -1) + 1);
}

describe('npm start in a terminal', () => {
  let dataDir: string;
  let server: TerminalServer;
  before(async () => {
    dataDir = tempDataDir();
    server = await startReadable({ DATA_DIR: dataDir });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('log lines are for reading: time, level, message; no JSON object per line', () => {
    const logged = server.lines().filter((l) => /^\[\d\d:\d\d:\d\d\] /.test(l));
    assert.ok(logged.length >= 3, server.lines().join('\n'));
    assert.ok(
      logged.some((l) => /^\[\d\d:\d\d:\d\d\] INFO: demo data loaded /.test(l)),
      logged.join('\n'),
    );
    assert.deepEqual(
      server.lines().filter((l) => l.startsWith('{')),
      [],
    );
  });

  test('the banner comes last, between two rules, with the secret shown once, and in bold on a colour terminal', () => {
    const lines = server.lines();
    const rules = lines.flatMap((l, i) => (/^═{20,}$/.test(l) ? [i] : []));
    assert.equal(rules.length, 2, lines.join('\n'));
    const [open = 0, close = 0] = rules;
    const listening = lines.findIndex((l) => /INFO.*: listening /.test(l));
    assert.ok(listening >= 0 && listening < open, 'the listening line, then the banner');
    assert.equal(lines[open + 1], 'api-externa is ready (embedded store)');
    const banner = lines.slice(open, close).join('\n');
    assert.ok(printedCredential(banner) !== null, banner);
    assert.match(banner, new RegExp(`API reference: +${server.url}/docs`));
    // Nothing was logged between the listening line and the banner, nor after it at start.
    assert.deepEqual(
      lines.slice(listening + 1, open).filter((l) => l.trim() !== '' && !/Server listening at/.test(l)),
      [],
    );
    assert.ok(server.raw().includes(`${ESC}[1mapi-externa is ready`), 'the heading in bold');
  });

  test('a request is one line "METHOD route status ms"; a page logs itself, not its scripts and stylesheets', async () => {
    const credential = printedCredential(server.lines().join('\n'));
    assert.ok(credential);
    const token = ((await (await requestToken(server.url, credential)).json()) as { access_token: string }).access_token;
    assert.equal((await fetch(`${server.url}/v1/clientes`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    const page = await (await fetch(`${server.url}/docs`)).text();
    const assets = [...page.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => new URL(m[1] ?? '', `${server.url}/docs`).href);
    assert.ok(assets.length >= 2, page.slice(0, 400));
    for (const asset of assets) assert.equal((await fetch(asset)).status, 200, asset);
    // The last of them is logged once the next request has been: wait for a line after it.
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    const deadline = Date.now() + 10_000;
    while (!afterBanner(server.lines()).some((l) => l.includes('GET /healthz 200')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const requests = afterBanner(server.lines()).filter((l) => / INFO: (GET|POST) /.test(l));
    assert.deepEqual(
      requests.map((l) => /INFO: (\S+ \S+ \d{3}) [\d.]+ ms/.exec(l)?.[1]),
      ['POST /v1/oauth/token 200', 'GET /v1/clientes 200', 'GET /docs 200', 'GET /healthz 200'],
      requests.join('\n'),
    );
    assert.match(requests[1] ?? '', /"client_id":"ae_live_/);
    assert.ok(!server.lines().join('\n').includes(token), 'the token is never printed');
  });
});

describe('npm start with its output piped', () => {
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = tempDataDir();
    server = await startServer({ DATA_DIR: dataDir, LOG_FORMAT: '', SEED_DEMO: 'false' });
  });
  after(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('every log line is a JSON object, the banner plain text after the listening line, no rules', async () => {
    assert.equal((await fetch(`${server.url}/docs/assets/docs.css`)).status, 200);
    assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    const deadline = Date.now() + 10_000;
    while (!server.output().includes('"route":"/healthz"') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const lines = server.output().split('\n');
    const json = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { msg: string; route?: string });
    assert.deepEqual(
      json.filter((l) => l.msg === 'request').map((l) => l.route),
      ['/healthz'],
      'the stylesheet is not logged at info',
    );
    const listening = lines.findIndex((l) => l.includes('"msg":"listening"'));
    assert.ok(listening >= 0);
    assert.match(lines.slice(listening + 1).join('\n'), new RegExp(`API reference: +${server.url}/docs`));
    assert.ok(!lines.some((l) => /^═+$/.test(l)));
    assert.ok(!server.output().includes(ESC), 'no terminal escapes in a pipe');
  });

  test('LOG_FORMAT=pretty gives the terminal lines in a pipe too, without colours (no terminal to show them)', async () => {
    const dir = tempDataDir();
    const pretty = await startReadable({ DATA_DIR: dir, LOG_FORMAT: 'pretty', SEED_DEMO: 'false' }, { terminal: false });
    try {
      assert.ok(pretty.lines().some((l) => /^\[\d\d:\d\d:\d\d\] INFO: listening /.test(l)));
      assert.ok(!pretty.lines().some((l) => l.startsWith('{')));
      assert.ok(pretty.lines().includes('api-externa is ready (embedded store)'));
      assert.ok(!pretty.raw().includes(ESC), 'no escapes');
    } finally {
      await pretty.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
