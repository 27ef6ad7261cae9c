import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { LOOKED_UP } from '../list/list-spec.ts';
import type { ExportBatch, Names } from './export-source.ts';

/**
 * An export's batch as PostgreSQL writes it (ADR 0027): `COPY (…) TO STDOUT` hands over the bytes
 * of every line as they are, where a FETCH has each value decoded into a JS string, to be encoded
 * back into bytes for the socket — with the garbage of a million strings, ~40% of the server's CPU
 * in an export.
 *
 * The format is CSV with a delimiter and a quote character that a JSON text never holds unescaped
 * (JSON writes every control character as `\uXXXX`): PostgreSQL then quotes no record and escapes
 * nothing in it, so a one-column line is exactly the record's JSON and its '\n', an NDJSON line.
 * With a looked-up value (ADR 0026) the line is the record, the delimiter and the key (empty when
 * NULL), and the value is written in here, on the bytes.
 */

const DELIMITER = 0x02;
const NEWLINE = 0x0a;
const COPY_FORMAT = "(FORMAT csv, DELIMITER E'\\x02', QUOTE E'\\x01')";
const PLACE = Buffer.from(LOOKED_UP, 'utf8');
const BACKSLASH = 0x5c;

/** A value written into a COPY's SQL text (COPY takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`a COPY statement cannot hold a ${typeof value} value`);
}

/**
 * The statement as `COPY (…) TO STDOUT`, its parameters written into the text as literals (quoted
 * and escaped by pg), each where its `$n` stands outside of quotes, and with its cast.
 */
export function copyStatement(statement: { text: string; values: readonly unknown[] }): string {
  const text = statement.text
    .split("'")
    .map((piece, i) => (i % 2 === 1 ? piece : piece.replace(/\$(\d+)/g, (_, n: string) => literal(statement.values[Number(n) - 1]))))
    .join("'");
  return `COPY (${text}) TO STDOUT ${COPY_FORMAT}`;
}

/**
 * Runs a COPY on the client and gives its whole output. Read at once, never held back: a COPY
 * that waits for its reader counts against the statement timeout, and a batch is bounded (~0.5 MB).
 * The pool bounds the statement in time as any other (store/pool.ts).
 */
export function copyOut(client: pg.PoolClient, text: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const stream = client.query(copyTo(text));
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    });
    stream.once('end', () => resolve(chunks.length === 1 && chunks[0] !== undefined ? chunks[0] : Buffer.concat(chunks, size)));
    stream.once('error', reject);
  });
}

/** The lines of a COPY of records alone: as they are. */
export function recordLines(copied: Buffer): ExportBatch {
  let count = 0;
  for (let at = copied.indexOf(NEWLINE); at !== -1; at = copied.indexOf(NEWLINE, at + 1)) count++;
  return { bytes: copied, count };
}

/** Looked-up values as the bytes of their JSON. */
export type NameBytes = Map<string, Buffer>;

export function nameBytes(names: Names): NameBytes {
  return new Map([...names].map(([k, v]) => [k, Buffer.from(v, 'utf8')]));
}

const NULL_NAME = Buffer.from('null');

/** Buffer's own latin1 decoder, without `toString`'s argument checks: a key per record. */
type Latin1 = { latin1Slice(start: number, end: number): string };

/** Where the first LOOKED_UP of `bytes[from, to)` starts, or -1: found by its backslash (one memchr), else searched. */
function placeIn(bytes: Buffer, from: number, to: number): number {
  const at = bytes.indexOf(BACKSLASH, from) - 1;
  if (at >= from && at + PLACE.length <= to) {
    let i = 0;
    while (i < PLACE.length && bytes[at + i] === PLACE[i]) i++;
    if (i === PLACE.length) return at;
  }
  const found = bytes.indexOf(PLACE, from);
  return found === -1 || found + PLACE.length > to ? -1 : found;
}

/**
 * The lines of a COPY of records and keys: each record with its key's value written in its place
 * (the first LOOKED_UP of the line: the record writes none before it), the key dropped. One pass,
 * into a buffer a quarter larger than the COPY's (the names are longer than the keys they replace
 * by a few bytes), grown when a batch's names need more: a million lines per export.
 */
export function namedLines(copied: Buffer, names: NameBytes): ExportBatch {
  let bytes = Buffer.allocUnsafe(copied.length + (copied.length >>> 2) + 1024);
  let at = 0;
  let count = 0;
  const room = (needed: number) => {
    if (at + needed <= bytes.length) return;
    const grown = Buffer.allocUnsafe(2 * (at + needed));
    bytes.copy(grown, 0, 0, at);
    bytes = grown;
  };
  for (let start = 0; start < copied.length; count++) {
    const end = copied.indexOf(NEWLINE, start);
    if (end === -1) throw new Error('a COPY line without its end');
    let delimiter = end - 1;
    while (delimiter >= start && copied[delimiter] !== DELIMITER) delimiter--;
    if (delimiter < start) throw new Error('a COPY line without its key');
    if (delimiter + 1 === end) {
      room(delimiter - start + 1);
      bytes.set(copied.subarray(start, delimiter), at);
      at += delimiter - start;
    } else {
      const name = names.get((copied as unknown as Latin1).latin1Slice(delimiter + 1, end)) ?? NULL_NAME;
      const place = placeIn(copied, start, delimiter);
      if (place === -1) throw new Error('an exported record with a lookup key has no place for its value');
      room(delimiter - start + name.length - PLACE.length + 1);
      bytes.set(copied.subarray(start, place), at);
      at += place - start;
      bytes.set(name, at);
      at += name.length;
      bytes.set(copied.subarray(place + PLACE.length, delimiter), at);
      at += delimiter - place - PLACE.length;
    }
    bytes[at++] = NEWLINE;
    start = end + 1;
  }
  return { bytes: bytes.subarray(0, at), count };
}
