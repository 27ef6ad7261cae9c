/**
 * Before anything is measured against the baseline: the same pages from both servers must be
 * byte-identical (the list body has no request id, so nothing is excluded). A mismatch stops
 * the run with a diff: a faster server that answers something else is not faster.
 */
export interface CheckedPage {
  path: string;
  bytes: number;
  identical: boolean;
}

export class BodyMismatch extends Error {}

export interface Fetcher {
  /** GET `path`, returning status and the exact body bytes */
  (path: string): Promise<{ status: number; body: Buffer }>;
}

export async function compareBodies(paths: string[], api: Fetcher, baseline: Fetcher): Promise<CheckedPage[]> {
  const checked: CheckedPage[] = [];
  for (const path of paths) {
    const [a, b] = await Promise.all([api(path), baseline(path)]);
    if (a.status !== 200 || b.status !== 200) {
      throw new BodyMismatch(`GET ${path}: api-externa answered ${a.status}, the baseline ${b.status}\napi-externa: ${a.body.toString().slice(0, 500)}\nbaseline: ${b.body.toString().slice(0, 500)}`);
    }
    if (!a.body.equals(b.body)) throw new BodyMismatch(`GET ${path}: the bodies differ\n${diff(a.body.toString(), b.body.toString())}`);
    checked.push({ path, bytes: a.body.length, identical: true });
  }
  return checked;
}

/** Where two JSON bodies part: the first differing byte in context, and the first differing record. */
export function diff(api: string, baseline: string): string {
  let at = 0;
  while (at < api.length && at < baseline.length && api[at] === baseline[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 120), at + 120));
  const lines = [`first difference at character ${at} (lengths ${api.length} and ${baseline.length}):`, `  api-externa: ${around(api)}`, `  baseline:    ${around(baseline)}`];
  try {
    const a = JSON.parse(api) as { data?: unknown[]; meta?: unknown };
    const b = JSON.parse(baseline) as { data?: unknown[]; meta?: unknown };
    const n = Math.max(a.data?.length ?? 0, b.data?.length ?? 0);
    for (let i = 0; i < n; i++) {
      const ra = JSON.stringify(a.data?.[i]);
      const rb = JSON.stringify(b.data?.[i]);
      if (ra !== rb) {
        lines.push(`first differing record, data[${i}]:`, `  api-externa: ${ra}`, `  baseline:    ${rb}`);
        break;
      }
    }
    if (JSON.stringify(a.meta) !== JSON.stringify(b.meta)) lines.push(`meta: api-externa ${JSON.stringify(a.meta)}, baseline ${JSON.stringify(b.meta)}`);
  } catch {
    // not JSON: the byte context above says it
  }
  return lines.join('\n');
}
