/**
 * The credential name rule, shared by the settings API (pt-BR field errors) and the operator CLI
 * (through the credentials service): 1 to 100 characters once trimmed, on one line, shown as typed.
 */
export const MAX_NAME_LENGTH = 100;

// Control characters (C0, DEL, C1), and the invisible format characters that change how the
// text around them is displayed — bidi embeddings, overrides and isolates, line and paragraph
// separators — so a name could read as another in the list, the audit trail and the dialogs.
const HIDDEN = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** What is wrong with a (trimmed) name, or null. Characters are counted as code points. */
export function credentialNameProblem(name: string): 'length' | 'hidden' | null {
  const length = [...name].length;
  if (length === 0 || length > MAX_NAME_LENGTH) return 'length';
  return HIDDEN.test(name) ? 'hidden' : null;
}
