import { test } from 'node:test';
import assert from 'node:assert/strict';

/**
 * The settings page's own IP check (src/settings/page/ip-check.js, a browser module with no DOM
 * use) agrees with the server on the forms it refuses: no leading zeros, no short forms (D33).
 */
type IpProblem = (entry: string) => string | null;
// A computed specifier: the page's plain JS module has no type declarations for tsc to resolve.
const moduleUrl = new URL('../../src/settings/page/ip-check.js', import.meta.url).href;
const { ipProblem } = (await import(moduleUrl)) as { ipProblem: IpProblem };

test('the page flags leading zeros, short forms and zone ids before sending, and accepts plain forms', () => {
  for (const bad of [
    '192.168.010.001',
    '010.0.0.1',
    '127.1',
    '1.2.3',
    '0x7f.1',
    'fe80::1%eth0',
    '10.0.0.0/08',
    '999.1.1.1',
    '10.0.0.1/24',
  ]) {
    assert.notEqual(ipProblem(bad), null, bad);
  }
  for (const good of ['192.168.10.1', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::/32', '::1', '::ffff:10.1.2.3']) {
    assert.equal(ipProblem(good), null, good);
  }
});
