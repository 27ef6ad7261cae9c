import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { nonPublicRange } from '../../src/domain/public-address.ts';
import { publicOnlyLookup, RefusedAddress, refusedLiteral, type Resolver } from '../../src/webhooks/public-lookup.ts';

/**
 * D55: a notification connects only to a public address, checked on the address resolved for each
 * connection. A real listener on this machine's loopback counts the connections that reach it:
 * none may.
 */
let listener: net.Server;
let port: number;
let reached = 0;

before(async () => {
  listener = net.createServer((socket) => {
    reached++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
});
after(() => new Promise<void>((resolve) => listener.close(() => resolve())));

/** A resolver that answers each name from a table, as a DNS server that changes its answers would. */
function stubResolver(answers: Record<string, string[][]>): Resolver & { calls: number } {
  const asked: Record<string, number> = {};
  const resolver = Object.assign(
    (hostname: string, callback: Parameters<Resolver>[1]) => {
      const i = asked[hostname] ?? 0;
      asked[hostname] = i + 1;
      resolver.calls++;
      const list = answers[hostname]?.[Math.min(i, (answers[hostname]?.length ?? 1) - 1)] ?? [];
      setImmediate(() =>
        callback(
          null,
          list.map((address) => ({ address, family: net.isIP(address) })),
        ),
      );
    },
    { calls: 0 },
  );
  return resolver;
}

/** Connects through the lookup; resolves with the error, or fails when a connection is made. */
function connectThrough(lookup: net.LookupFunction, host: string): Promise<Error> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, lookup });
    socket.once('connect', () => {
      socket.destroy();
      reject(new Error(`connected to ${host}`));
    });
    socket.once('error', resolve);
  });
}

describe('address safety of notifications (D55)', () => {
  test('the ranges: only plain public unicast passes, IPv4-mapped judged by its IPv4', () => {
    const refused = {
      '127.0.0.1': 'loopback',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '192.168.1.1': 'private',
      '169.254.169.254': 'linkLocal',
      '100.64.0.1': 'carrierGradeNat',
      '224.0.0.1': 'multicast',
      '0.0.0.0': 'unspecified',
      '255.255.255.255': 'broadcast',
      '::1': 'loopback',
      '::': 'unspecified',
      'fd00::1': 'uniqueLocal',
      'fe80::1': 'linkLocal',
      'ff02::1': 'multicast',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:169.254.169.254': 'linkLocal',
      '64:ff9b::7f00:1': 'rfc6052',
      '2002:7f00:1::': '6to4',
      'not an address': 'invalido',
    };
    for (const [address, range] of Object.entries(refused)) assert.equal(nonPublicRange(address), range, address);
    for (const address of ['8.8.8.8', '200.147.67.142', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      assert.equal(nonPublicRange(address), null, address);
  });

  test('an address written in the URL: 127.0.0.1, 10.0.0.1, 169.254.169.254, [::1], [fd00::1] refused, before any connection', () => {
    const cases = {
      'https://127.0.0.1/hook': 'loopback',
      'https://10.0.0.1/hook': 'private',
      'https://169.254.169.254/latest/meta-data': 'linkLocal',
      'https://[::1]/hook': 'loopback',
      'https://[fd00::1]/hook': 'uniqueLocal',
      // the URL parser reads the legacy forms as the address they mean
      'https://0x7f.1/hook': 'loopback',
      'https://2130706433/hook': 'loopback',
    };
    for (const [url, range] of Object.entries(cases)) {
      const refusal = refusedLiteral(new URL(url));
      assert.ok(refusal instanceof RefusedAddress, url);
      assert.equal(refusal.range, range, url);
    }
    assert.equal(refusedLiteral(new URL('https://8.8.8.8/hook')), null);
    assert.equal(refusedLiteral(new URL('https://hooks.example.com/hook')), null, 'a name is checked when it is resolved');
  });

  test('a name that resolves to a private address: refused at connect time, the listener sees nothing', async () => {
    const resolver = stubResolver({ 'interno.example': [['127.0.0.1']], 'misto.example': [['8.8.8.8', '127.0.0.1']] });
    const lookup = publicOnlyLookup(resolver);
    for (const host of ['interno.example', 'misto.example']) {
      const err = await connectThrough(lookup, host);
      assert.ok(err instanceof RefusedAddress, `${host}: ${String(err)}`);
      assert.equal(err.address, '127.0.0.1');
      assert.equal(err.range, 'loopback');
      assert.equal(err.code, 'ENDERECO_RECUSADO');
    }
    assert.equal(resolver.calls, 2);
    assert.equal(reached, 0, 'no connection reached the listener');
  });

  test('a name public when checked and private at send time (DNS rebinding): the connection is refused', async () => {
    const resolver = stubResolver({ 'rebind.example': [['93.184.216.34'], ['127.0.0.1']] });
    const lookup = publicOnlyLookup(resolver);
    const first = await new Promise<{ address: string; family: number }[]>((resolve, reject) =>
      lookup('rebind.example', { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses as never))),
    );
    assert.deepEqual(first, [{ address: '93.184.216.34', family: 4 }], 'public the first time');
    const err = await connectThrough(lookup, 'rebind.example');
    assert.ok(err instanceof RefusedAddress, String(err));
    assert.equal(err.address, '127.0.0.1');
    assert.equal(reached, 0, 'no connection reached the listener');
  });

  test('a public answer is handed over in the form asked: one address, or all of them', async () => {
    const lookup = publicOnlyLookup(stubResolver({ 'publico.example': [['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']] }));
    const one = await new Promise<[string, number]>((resolve, reject) =>
      lookup('publico.example', {}, (err, address, family) => (err ? reject(err) : resolve([address as string, family as number]))),
    );
    assert.deepEqual(one, ['93.184.216.34', 4]);
    const v6 = await new Promise<[string, number]>((resolve, reject) =>
      lookup('publico.example', { family: 6 }, (err, address, family) =>
        err ? reject(err) : resolve([address as string, family as number]),
      ),
    );
    assert.deepEqual(v6, ['2606:2800:220:1:248:1893:25c8:1946', 6]);
  });

  test('the listener does count connections: a lookup that lets loopback through reaches it', async () => {
    const before = reached;
    const anything: net.LookupFunction = (_hostname, options, callback) =>
      options.all === true
        ? (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, [
            { address: '127.0.0.1', family: 4 },
          ])
        : callback(null, '127.0.0.1', 4);
    await assert.rejects(connectThrough(anything, 'interno.example'), /connected to interno.example/);
    for (const until = Date.now() + 2000; reached === before && Date.now() < until;) await new Promise((r) => setTimeout(r, 10));
    assert.equal(reached, before + 1);
  });
});
