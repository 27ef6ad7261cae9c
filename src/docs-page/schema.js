// Reading the OpenAPI document's schemas: local `$ref`s (any `#/...` pointer, so schemas named
// in `components` and inline ones read alike), nullable alternatives, the rules of a value, the
// flattened fields of a response, and an example built from a schema when the document has none.

/**
 * The parts of a JSON Schema (OpenAPI 3.1) this page reads. Every one is optional.
 * @typedef {object} Schema
 * @property {string} [$ref]
 * @property {string | string[]} [type]
 * @property {string} [format]
 * @property {unknown[]} [enum]
 * @property {unknown} [const]
 * @property {Schema[]} [anyOf]
 * @property {Schema[]} [oneOf]
 * @property {Schema[]} [allOf]
 * @property {Schema} [items]
 * @property {Record<string, Schema>} [properties]
 * @property {string[]} [required]
 * @property {number} [minimum]
 * @property {number} [maximum]
 * @property {number} [exclusiveMinimum]
 * @property {number} [exclusiveMaximum]
 * @property {number} [minLength]
 * @property {number} [maxLength]
 * @property {number} [minItems]
 * @property {number} [maxItems]
 * @property {string} [pattern]
 * @property {unknown} [default]
 * @property {unknown} [example]
 * @property {unknown[]} [examples]
 * @property {string} [description]
 * @property {string} [title]
 * @property {boolean} [nullable] OpenAPI 3.0's way of saying `| null`
 */

/** @type {unknown} */
let root = {};
const MAX_DEPTH = 8;

/**
 * The document `$ref`s point into.
 * @param {unknown} doc
 */
export function useDocument(doc) {
  root = doc;
}

/**
 * The value at a local JSON pointer (`#/components/schemas/Cliente`), or undefined.
 * @param {string} ref
 * @returns {unknown}
 */
function pointer(ref) {
  /** @type {unknown} */
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = /** @type {Record<string, unknown>} */ (node)[key];
  }
  return node;
}

/**
 * An object with its `$ref` followed (chains too), the referring object's own keys kept over the
 * target's (OpenAPI 3.1 allows `description` beside `$ref`). A ref that leads nowhere is {}.
 * @template T
 * @param {T} value
 * @returns {T}
 */
export function deref(value) {
  /** @type {any} */
  let node = value;
  for (let i = 0; i < MAX_DEPTH && node && typeof node === 'object' && typeof node.$ref === 'string'; i++) {
    const { $ref, ...own } = node;
    const target = $ref.startsWith('#/') ? pointer($ref) : undefined;
    node = { ...(target && typeof target === 'object' ? target : {}), ...own };
  }
  return node;
}

/**
 * The name of the component a schema refers to (`Cliente` for `#/components/schemas/Cliente`).
 * @param {Schema | undefined} schema
 * @returns {string | null}
 */
function refName(schema) {
  const ref = schema && schema.$ref;
  return typeof ref === 'string' && ref.startsWith('#/components/schemas/') ? decodeURIComponent(ref.split('/').pop() || '') : null;
}

/**
 * A schema with its ref followed and its `allOf` merged into one object schema: the parts in
 * order, then the schema's own keys; a property declared in several is merged the same way, so
 * `allOf: [Envelope]` beside `properties: {erro: {properties: {codigo: {enum}}}}` keeps both.
 * @param {Schema | undefined} schema
 * @param {number} [depth]
 * @returns {Schema}
 */
export function resolve(schema, depth = 0) {
  const s = /** @type {Schema} */ (deref(schema || {}));
  if (!Array.isArray(s.allOf) || depth > MAX_DEPTH) return s;
  const { allOf, ...own } = s;
  return [...allOf.map((part) => resolve(part, depth + 1)), own].reduce((a, b) => merge(a, b, depth));
}

/**
 * Two schemas as one: b's keys over a's, properties merged one by one, required lists joined.
 * @param {Schema} a
 * @param {Schema} b
 * @param {number} depth
 * @returns {Schema}
 */
function merge(a, b, depth) {
  /** @type {Record<string, Schema>} */
  const properties = { ...(a.properties || {}) };
  for (const [name, prop] of Object.entries(b.properties || {})) {
    properties[name] = name in properties ? merge(resolve(properties[name], depth + 1), resolve(prop, depth + 1), depth + 1) : prop;
  }
  /** @type {Schema} */
  const merged = { ...a, ...b };
  if (a.properties || b.properties) merged.properties = properties;
  if (a.required || b.required) merged.required = [...new Set([...(a.required || []), ...(b.required || [])])];
  return merged;
}

/** @param {Schema} s */
const isNull = (s) => s.type === 'null' || ('const' in s && s.const === null);

/**
 * The schema without its `null` alternative, and whether null is allowed: `anyOf: [X, {type: null}]`,
 * `type: [X, 'null']` and 3.0's `nullable` all read as X | null.
 * @param {Schema | undefined} schema
 * @returns {{ schema: Schema, nullable: boolean, name: string | null }}
 */
export function unwrap(schema) {
  const s = resolve(schema);
  const name = refName(schema);
  const alts = s.anyOf || s.oneOf;
  if (Array.isArray(alts)) {
    const resolved = alts.map((a) => ({ raw: a, s: resolve(a) }));
    const rest = resolved.filter((a) => !isNull(a.s));
    const nullable = rest.length < resolved.length;
    if (rest.length === 1) {
      const inner = rest[0];
      // The outer description (beside anyOf) wins over the alternative's.
      const described = s.description ? { ...inner.s, description: s.description } : inner.s;
      return { schema: described, nullable, name: refName(inner.raw) || name };
    }
    return { schema: { ...s, anyOf: rest.map((a) => a.raw), oneOf: undefined }, nullable, name };
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const types = s.type.filter((t) => t !== 'null');
    return { schema: { ...s, type: types.length === 1 ? types[0] : types }, nullable: true, name };
  }
  return { schema: s, nullable: s.nullable === true, name };
}

/**
 * The values a schema allows when they are listed: `enum`, `const`, or alternatives that each
 * list values. Null otherwise.
 * @param {Schema | undefined} schema
 * @returns {unknown[] | null}
 */
export function enumOf(schema) {
  const s = unwrap(schema).schema;
  if (Array.isArray(s.enum)) return s.enum.filter((v) => v !== null);
  if ('const' in s) return [s.const];
  const alts = s.anyOf || s.oneOf;
  if (!Array.isArray(alts)) return null;
  /** @type {unknown[]} */
  const values = [];
  for (const alt of alts) {
    const inner = enumOf(alt);
    if (inner === null) return null;
    values.push(...inner);
  }
  return values;
}

/**
 * The JSON type of a schema as a reader says it: `string (date)`, `array de Cliente`, `integer | null`.
 * @param {Schema | undefined} schema
 * @returns {string}
 */
export function typeLabel(schema) {
  const { schema: s, nullable, name } = unwrap(schema);
  let label;
  if (name && (s.type === 'object' || s.properties)) label = name;
  else if (s.type === 'array' || s.items) {
    const items = s.items ? typeLabel(s.items) : 'valores';
    label = 'array de ' + items;
  } else if (Array.isArray(s.type)) label = s.type.join(' | ');
  else if (s.type) label = s.type + (s.format ? ' (' + s.format + ')' : '');
  else if (s.properties) label = 'object';
  else {
    const values = enumOf(s);
    if (values !== null && values.length > 0) label = typeof values[0] === 'number' ? 'number' : 'string';
    else if (Array.isArray(s.anyOf || s.oneOf)) label = (s.anyOf || s.oneOf || []).map((a) => typeLabel(a)).join(' | ');
    else label = 'qualquer';
  }
  return nullable ? label + ' | null' : label;
}

/**
 * The rules of a value besides its type and listed values: ranges, lengths, pattern, default.
 * @param {Schema | undefined} schema
 * @returns {string[]}
 */
export function rulesOf(schema) {
  const s = unwrap(schema).schema;
  const rules = [];
  const huge = (/** @type {number} */ n) => (n >= Number.MAX_SAFE_INTEGER ? '2^53−1' : String(n));
  if (s.minimum !== undefined && s.maximum !== undefined) rules.push('de ' + s.minimum + ' a ' + huge(s.maximum));
  else if (s.minimum !== undefined) rules.push('mín. ' + s.minimum);
  else if (s.maximum !== undefined) rules.push('máx. ' + huge(s.maximum));
  if (s.exclusiveMinimum !== undefined) rules.push('maior que ' + s.exclusiveMinimum);
  if (s.exclusiveMaximum !== undefined) rules.push('menor que ' + s.exclusiveMaximum);
  if (s.minLength !== undefined && s.maxLength !== undefined) rules.push('de ' + s.minLength + ' a ' + s.maxLength + ' caracteres');
  else if (s.minLength !== undefined) rules.push('ao menos ' + s.minLength + ' caracteres');
  else if (s.maxLength !== undefined) rules.push('até ' + s.maxLength + ' caracteres');
  if (s.minItems !== undefined) rules.push('ao menos ' + s.minItems + ' itens');
  if (s.maxItems !== undefined) rules.push('até ' + s.maxItems + ' itens');
  if (s.pattern !== undefined) rules.push('formato ' + s.pattern);
  if (s.default !== undefined) rules.push('padrão ' + JSON.stringify(s.default));
  return rules;
}

/**
 * A field of a response, flattened: `data[].cedente.nome`.
 * @typedef {object} Field
 * @property {string} path
 * @property {Schema} schema as declared (for typeLabel)
 * @property {boolean} required
 * @property {string} description
 * @property {number} depth
 */

/**
 * Every field of an object schema, nested objects and arrays of objects expanded below their
 * parent (`itens[].quantidade`), in declaration order.
 * @param {Schema | undefined} schema
 * @param {string} [prefix]
 * @param {number} [depth]
 * @returns {Field[]}
 */
export function fieldsOf(schema, prefix = '', depth = 0) {
  const s = unwrap(schema).schema;
  if (depth > MAX_DEPTH || !s.properties) return [];
  const required = s.required || [];
  /** @type {Field[]} */
  const fields = [];
  for (const [name, declared] of Object.entries(s.properties)) {
    const inner = unwrap(declared).schema;
    const path = prefix + name;
    fields.push({ path, schema: declared, required: required.includes(name), description: descriptionOf(declared), depth });
    if (inner.properties) fields.push(...fieldsOf(inner, path + '.', depth + 1));
    else if (inner.items) {
      const items = unwrap(inner.items).schema;
      if (items.properties) fields.push(...fieldsOf(items, path + '[].', depth + 1));
    }
  }
  return fields;
}

/**
 * A schema's description, or its non-null alternative's (where the generator puts it).
 * @param {Schema | undefined} schema
 * @returns {string}
 */
export function descriptionOf(schema) {
  const s = resolve(schema);
  return s.description || unwrap(schema).schema.description || '';
}

const FORMAT_EXAMPLES = /** @type {Record<string, string>} */ ({
  date: '2026-03-15',
  'date-time': '2026-03-15T13:45:00Z',
  time: '13:45:00',
  uuid: '6f1c9a52-0d4b-4c5e-9a3e-2b7d8c1e4f00',
  email: 'contato@exemplo.com.br',
  ipv4: '203.0.113.10',
  ipv6: '2001:db8::10',
});

/**
 * An example value for a schema: its own `example`/`examples`, its `const`, `default` or first
 * listed value, then a value of its type and format; objects get every property.
 * @param {Schema | undefined} schema
 * @param {number} [depth]
 * @returns {unknown}
 */
export function exampleOf(schema, depth = 0) {
  const outer = resolve(schema);
  if (outer.example !== undefined) return outer.example;
  if (Array.isArray(outer.examples) && outer.examples.length > 0) return outer.examples[0];
  const { schema: s } = unwrap(schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ('const' in s) return s.const;
  if (s.default !== undefined) return s.default;
  const values = enumOf(s);
  if (values !== null && values.length > 0) return values[0];
  if (depth > MAX_DEPTH) return null;
  if (s.properties) {
    /** @type {Record<string, unknown>} */
    const obj = {};
    for (const [name, prop] of Object.entries(s.properties)) obj[name] = exampleOf(prop, depth + 1);
    return obj;
  }
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'array' || s.items) return [exampleOf(s.items, depth + 1)];
  if (type === 'integer') return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
  if (type === 'number') return s.minimum !== undefined && s.minimum > 150.75 ? s.minimum : 150.75;
  if (type === 'boolean') return true;
  if (type === 'object') return {};
  if (type === 'string') return (s.format && FORMAT_EXAMPLES[s.format]) || 'texto';
  const alts = s.anyOf || s.oneOf;
  if (Array.isArray(alts) && alts.length > 0) return exampleOf(alts[0], depth + 1);
  return null;
}
