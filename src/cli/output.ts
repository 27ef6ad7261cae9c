/** With --json a command prints exactly one JSON document on stdout; otherwise readable text. */
export function emit(json: boolean, document: unknown, text: () => string): void {
  process.stdout.write(json ? `${JSON.stringify(document)}\n` : `${text()}\n`);
}

/** An operator mistake: reported on stderr with a non-zero exit, never a stack trace. */
export class UsageError extends Error {}
