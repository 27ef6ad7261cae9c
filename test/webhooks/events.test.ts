import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newEventId } from '../../src/webhooks/events.ts';

/** Event ids (D53's `webhook-id`): drawn from a pool of random bytes refilled every 256 ids. */
describe('event ids', () => {
  test('each is `evt_` and 16 random bytes in base64url, and 10,000 in a row (39 refills) are all different', () => {
    const ids = Array.from({ length: 10_000 }, newEventId);
    for (const id of ids) assert.match(id, /^evt_[A-Za-z0-9_-]{22}$/);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.every((id) => Buffer.from(id.slice(4), 'base64url').length === 16));
  });
});
