import { ApiExternaClient, type ClientOptions } from '../../clients/typescript/src/index.ts';
import type { TestCredential } from './test-app.ts';

/**
 * A TypeScript client of the API at `origin` on `credential`, recording the path of every request
 * it sends (in order), so that a test can count token requests, retries or pages.
 */
export function recordingClient(origin: string, credential: TestCredential, options: Partial<ClientOptions> = {}) {
  const sent: string[] = [];
  const client = new ApiExternaClient({
    baseUrl: `${origin}/v1`,
    clientId: credential.clientId,
    clientSecret: credential.secret,
    fetch: (input, init) => {
      sent.push(new URL(String(input)).pathname);
      return fetch(input, init);
    },
    ...options,
  });
  return { client, sent };
}
