import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { routerPath } from '../../src/http/route-table.ts';
import { apiDescription } from '../../src/routes.ts';

/**
 * Every response the test suite receives from the public API is checked against the OpenAPI
 * description the server publishes (ADR 0012): its status must be documented for the operation,
 * its body must match the status's schema, and the headers declared required must be there with
 * values of their schema. A mismatch fails the request's test with what differs. Paths outside
 * the description (settings, health, pages) are not checked.
 */

type Json = Record<string, unknown>;

export interface ReceivedResponse {
  method: string;
  /** the request target as sent (path and query) */
  url: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

interface Operation {
  operationId: string;
  responses: Record<string, Json>;
}

const DOC_ID = 'https://api-externa.test/openapi.json';

/** A JSON pointer segment in a URI fragment. */
const pointer = (...segments: string[]): string =>
  segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly paths: { template: string; pattern: RegExp; operations: Record<string, Operation> }[];
  private readonly compiled = new Map<string, ValidateFunction>();
  /** `operationId status` of every response checked */
  readonly seen = new Set<string>();

  constructor(private readonly doc: Json = apiDescription()) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc, DOC_ID);
    this.paths = Object.entries(doc.paths as Record<string, Record<string, Operation>>).map(([template, operations]) => ({
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      operations,
    }));
  }

  /** Every `operationId status` the description documents. */
  documented(): string[] {
    return this.paths.flatMap(({ operations }) =>
      Object.values(operations).flatMap((op) => Object.keys(op.responses).map((status) => `${op.operationId} ${status}`)),
    );
  }

  private schema(...segments: string[]): ValidateFunction {
    const ref = `${DOC_ID}#/${pointer(...segments)}`;
    let validate = this.compiled.get(ref);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    return validate;
  }

  private resolve(value: Json): Json {
    const ref = value.$ref;
    if (typeof ref !== 'string') return value;
    return ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<Json>((node, key) => node[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Json, this.doc);
  }

  /** What is wrong with a response, or [] — also when its path is not in the description. */
  check(res: ReceivedResponse): string[] {
    const routed = routerPath(res.url);
    // As the router does: a path of fixed segments (`/v1/clientes/exportacao`) before a template (`/v1/clientes/{id}`).
    const entry =
      routed === null
        ? undefined
        : this.paths.filter((p) => p.pattern.test(routed)).sort((a, b) => templateParams(a.template) - templateParams(b.template))[0];
    if (entry === undefined) return [];
    const method = res.method.toLowerCase();
    const own = entry.operations[method];
    // Another method on a documented path is answered 405, as each of the path's operations documents.
    const op = own ?? Object.values(entry.operations)[0];
    const opMethod = own ? method : Object.keys(entry.operations)[0];
    if (op === undefined || opMethod === undefined) return [];
    const where = `${res.method} ${res.url} -> ${res.status} (${op.operationId})`;
    if (own === undefined && res.status !== 405) return [`${where}: a method the path does not document must be 405`];
    const status = String(res.status);
    const response = op.responses[status];
    if (response === undefined) return [`${where}: status ${status} is not documented for ${op.operationId}`];
    const problems: string[] = [];
    for (const [name, declared] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      const header = this.resolve(declared);
      const value = res.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) problems.push(`header ${name} is declared required but missing`);
        continue;
      }
      const text = String(value);
      const schema = header.schema as Json;
      const typed = schema.type === 'integer' ? (/^-?\d+$/.test(text) ? Number(text) : text) : text;
      const validate = this.ajv.compile(schema);
      if (!validate(typed)) problems.push(`header ${name}: ${JSON.stringify(text)} ${this.ajv.errorsText(validate.errors)}`);
    }
    const content = response.content as Record<string, Json> | undefined;
    if (content !== undefined && method !== 'head') {
      const type = String(res.headers['content-type'] ?? '');
      if (content['application/x-ndjson'] !== undefined && type.startsWith('application/x-ndjson')) {
        // An export: each line against the line schema, and the last one is the end line (D48).
        const validate = this.schema('paths', entry.template, opMethod, 'responses', status, 'content', 'application/x-ndjson', 'schema');
        const lines = res.body.split('\n');
        if (lines.pop() !== '') problems.push('the NDJSON body does not end with a line break');
        for (const [i, line] of lines.entries()) {
          let value: unknown;
          try {
            value = JSON.parse(line);
          } catch {
            problems.push(`line ${i + 1} is not JSON: ${line.slice(0, 200)}`);
            continue;
          }
          if (!validate(value))
            problems.push(`line ${i + 1} ${this.ajv.errorsText(validate.errors, { dataVar: 'line' })}: ${line.slice(0, 300)}`);
        }
        if (!(lines.at(-1) ?? '').startsWith('{"fim":true')) problems.push('the last line is not the end line');
      } else if (content['application/json'] === undefined || !type.startsWith('application/json')) {
        problems.push(`content-type ${type} is not the documented ${Object.keys(content).join(', ')}`);
      } else {
        let body: unknown;
        try {
          body = JSON.parse(res.body);
        } catch {
          problems.push(`the body is not JSON: ${res.body.slice(0, 200)}`);
        }
        const validate = this.schema('paths', entry.template, opMethod, 'responses', status, 'content', 'application/json', 'schema');
        if (body !== undefined && !validate(body)) {
          problems.push(`body ${this.ajv.errorsText(validate.errors, { dataVar: 'body' })}: ${res.body.slice(0, 300)}`);
        }
      }
    }
    if (problems.length === 0) this.seen.add(`${op.operationId} ${status}`);
    return problems.map((p) => `${where}: ${p}`);
  }
}

const templateParams = (template: string): number => template.split('{').length - 1;

let shared: ResponseValidator | null = null;

/** The validator of this test process; when run-tests.mjs names a directory, what it saw is written there at exit. */
export function responseValidator(): ResponseValidator {
  if (shared !== null) return shared;
  const validator = new ResponseValidator();
  shared = validator;
  const dir = process.env.OPENAPI_SEEN_DIR;
  if (dir !== undefined && dir !== '') {
    process.on('exit', () => {
      if (validator.seen.size === 0) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify([...validator.seen]));
    });
  }
  return validator;
}

/** The body as the client reads it: a compressed one (`Content-Encoding`) is decompressed first. */
function decodedBody(payload: Buffer, encoding: unknown): string {
  switch (String(encoding ?? '').toLowerCase()) {
    case 'gzip':
      return zlib.gunzipSync(payload).toString('utf8');
    case 'br':
      return zlib.brotliDecompressSync(payload).toString('utf8');
    case 'deflate':
      return zlib.inflateSync(payload).toString('utf8');
    default:
      return payload.toString('utf8');
  }
}

export class ResponseMismatch extends Error {
  constructor(problems: string[]) {
    super(`the response does not match the OpenAPI description (docs/openapi.json):\n- ${problems.join('\n- ')}`);
  }
}

/**
 * Makes `app.inject(options)` check each response against the description: a mismatch rejects the
 * inject, and so fails the test that made it. The chained and callback forms are left as they are.
 */
export function validated(app: FastifyInstance): FastifyInstance {
  const validator = responseValidator();
  const inject = app.inject.bind(app);
  const checked = async (options: InjectOptions | string) => {
    const res = await inject(options);
    const req = res.raw.req;
    const problems = validator.check({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      status: res.statusCode,
      headers: res.headers,
      body: decodedBody(res.rawPayload, res.headers['content-encoding']),
    });
    if (problems.length > 0) throw new ResponseMismatch(problems);
    return res;
  };
  app.inject = ((options?: unknown, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (inject as (...args: unknown[]) => unknown)(options, callback)
      : checked(options as InjectOptions | string)) as typeof app.inject;
  return app;
}

let fetchChecked = false;

/**
 * Makes the global `fetch` of this test process check each response from a server the tests
 * started (processes.ts) against the description, as `validated` does for `inject`: a mismatch
 * rejects the fetch. The body is read from a clone, so the caller still reads it whole.
 */
export function validateFetchResponses(): void {
  if (fetchChecked) return;
  fetchChecked = true;
  const validator = responseValidator();
  const original = globalThis.fetch;
  globalThis.fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const res = await original(input, init);
    const target = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const problems = validator.check({
      method,
      url: `${target.pathname}${target.search}`,
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: method === 'HEAD' ? '' : await res.clone().text(),
    });
    if (problems.length > 0) throw new ResponseMismatch(problems);
    return res;
  };
}
