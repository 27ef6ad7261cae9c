import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { OPENAPI_PATH } from './client-types.ts';

// A Postman collection (v2.1, which Insomnia imports too) generated from the OpenAPI description
// by openapi-to-postmanv2, never written by hand: `npm run postman` writes it; a test regenerates
// it in memory and fails when the committed file differs (architecture convention 7).

export const POSTMAN_PATH = 'docs/api-externa.postman_collection.json';

const DEFAULT_BASE_URL = 'http://127.0.0.1:3000';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A UUID-shaped id from where the node is in the collection: the converter draws random ones, which would make every run differ. */
function stableId(at: string): string {
  const h = createHash('sha256').update(at).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * What the converter leaves for the user to fix, fixed once here: stable ids; one OAuth2
 * client-credentials auth at collection level (token URL on `{{baseUrl}}`, id and secret sent by
 * Basic, as the token endpoint requires) that every data request inherits; the token request
 * itself on Basic with the same variables and `grant_type` filled in; query parameters present
 * but disabled, since their
 * placeholders (`<date>`) would be refused and the API accepts no empty parameter.
 */
function tidy(node: Json, at: string): Json {
  if (Array.isArray(node)) return node.map((item, i) => tidy(item, `${at}/${i}`));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if ((key === 'id' || key === '_postman_id') && typeof value === 'string') out[key] = stableId(`${at}/${key}`);
    else out[key] = tidy(value, `${at}/${key}`);
  }
  if (isObject(out.request)) {
    const request = out.request;
    const auth = request.auth;
    if (isObject(auth) && auth.type === 'oauth2') delete request.auth;
    if (isObject(auth) && auth.type === 'basic') {
      request.auth = {
        type: 'basic',
        basic: [
          { key: 'username', value: '{{clientId}}', type: 'string' },
          { key: 'password', value: '{{clientSecret}}', type: 'string' },
        ],
      };
    }
    const url = request.url;
    if (isObject(url) && Array.isArray(url.query)) url.query = url.query.map((q) => (isObject(q) ? { ...q, disabled: true } : q));
    // The token request's form: its one fixed value filled in, the optional `scope` left to enable.
    const body = request.body;
    if (isObject(body) && Array.isArray(body.urlencoded)) {
      body.urlencoded = body.urlencoded.map((f) =>
        !isObject(f) ? f : f.key === 'grant_type' ? { ...f, value: 'client_credentials' } : { ...f, disabled: true },
      );
    }
  }
  return out;
}

function collectionAuth(): Json {
  const entry = (key: string, value: string): Json => ({ key, value, type: 'string' });
  return {
    type: 'oauth2',
    oauth2: [
      entry('grant_type', 'client_credentials'),
      entry('accessTokenUrl', '{{baseUrl}}/v1/oauth/token'),
      entry('clientId', '{{clientId}}'),
      entry('clientSecret', '{{clientSecret}}'),
      entry('client_authentication', 'header'),
      entry('addTokenTo', 'header'),
      entry('tokenName', 'api-externa'),
    ],
  };
}

/** mulberry32: a small seeded generator. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Where the description has no example, the converter invents sample bodies with json-schema-faker,
// whose random source is Math.random, captured when the module loads, and whose dates are
// "now" minus a random span: every run would differ. So the module is loaded with a random source
// of ours, which each conversion restarts from the same seed, and while a conversion runs
// Math.random is that source and a `new Date()` without arguments is a fixed instant.
const SEED = 8414;
const FIXED_NOW = Date.UTC(2026, 0, 1);
let draw = seeded(SEED);
const random = (): number => draw();

const RealDate = Date;
class FixedDate extends RealDate {
  constructor(...args: unknown[]) {
    if (args.length === 0) super(FIXED_NOW);
    else super(...(args as [string | number]));
  }

  static override now(): number {
    return FIXED_NOW;
  }
}

async function withRandom<T>(run: () => Promise<T>): Promise<T> {
  const original = Math.random;
  Math.random = random;
  globalThis.Date = FixedDate as DateConstructor;
  try {
    return await run();
  } finally {
    Math.random = original;
    globalThis.Date = RealDate;
  }
}

const converter = withRandom(() => import('openapi-to-postmanv2'));

async function converted(doc: unknown): Promise<JsonObject> {
  const { convert } = await converter;
  draw = seeded(SEED);
  return withRandom(() => convertOnce(convert, doc));
}

function convertOnce(convert: (typeof import('openapi-to-postmanv2'))['convert'], doc: unknown): Promise<JsonObject> {
  return new Promise((resolve, reject) => {
    convert(
      { type: 'json', data: doc as Record<string, unknown> },
      // Examples from the description where it has them.
      { folderStrategy: 'Tags', requestNameSource: 'Fallback', parametersResolution: 'Example' },
      (err, result) => {
        if (err) return reject(err);
        if (!result?.result) return reject(new Error(`openapi-to-postmanv2: ${String(result?.reason)}`));
        resolve(result.output?.[0]?.data as unknown as JsonObject);
      },
    );
  });
}

interface Description {
  servers?: { url?: string }[];
  tags?: { name: string }[];
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  webhooks?: unknown;
}

/**
 * The description without its `webhooks`: those are requests the server sends to the
 * integrator's endpoint, not ones a collection can make, and the converter would turn their tag
 * into an empty folder. So the tags no path operation uses go too.
 */
function withoutWebhooks(doc: Description): Description {
  const { webhooks: _webhooks, ...rest } = doc;
  const used = new Set(Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item).flatMap((op) => op.tags ?? [])));
  return { ...rest, ...(doc.tags === undefined ? {} : { tags: doc.tags.filter((t) => used.has(t.name)) }) };
}

/** The collection as committed: converted, tidied, with its variables, as pretty JSON. */
export async function postmanCollection(openapiPath = OPENAPI_PATH): Promise<string> {
  const doc = withoutWebhooks(JSON.parse(fs.readFileSync(openapiPath, 'utf8')) as Description);
  const server = doc.servers?.[0]?.url ?? '';
  const baseUrl = /^https?:\/\//.test(server) ? server.replace(/\/+$/, '') : DEFAULT_BASE_URL;
  const collection = tidy(await converted(doc), '') as JsonObject;
  collection.auth = collectionAuth();
  collection.variable = [
    { key: 'baseUrl', value: baseUrl, type: 'string' },
    { key: 'clientId', value: '', type: 'string' },
    { key: 'clientSecret', value: '', type: 'string' },
  ];
  return `${JSON.stringify(collection, null, 2)}\n`;
}
