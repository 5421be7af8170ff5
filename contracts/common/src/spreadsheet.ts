/**
 * Spreadsheet formulas (CSV injection, OWASP): a text a spreadsheet would run — `=HYPERLINK(…)`,
 * `+…`, `-…`, `@…`, or a tab or carriage return first — is refused where people type it (every name or
 * label that ends up in an export) and neutralised where it is written out (every CSV and the FEC), in
 * case one was stored before the rule. Plain numbers and phone numbers (« -3 », « +33 6 12 34 56 78 »)
 * are not formulas. The browser and the services share this one rule.
 */
/**
 * The rule as a JSON Schema `pattern` (ajv in the services, TypeBox in the browser): what matches is
 * safe — it does not start (after spaces) with `=`, `+`, `-`, `@`, a tab or a CR, or it is a number.
 */
export const SPREADSHEET_SAFE_PATTERN =
  '^(?![ \\u00A0]*[=+\\-@\\t\\r])|^\\s*[+\\-]?[\\d\\s\\u00A0\\u202F.,()]*\\d[\\d\\s\\u00A0\\u202F.,()]*$';

const SAFE = new RegExp(SPREADSHEET_SAFE_PATTERN, 'u');

/** True when a spreadsheet would run the text as a formula. */
export function isFormulaLike(value: string): boolean {
  return !SAFE.test(value);
}

/** A cell made safe for a spreadsheet: a formula-like value is prefixed with an apostrophe (OWASP). */
export function neutraliseCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return isFormulaLike(text) ? `'${text}` : text;
}

/** The French refusal of a formula typed in `field`. */
export function formulaMessage(field: string): string {
  return `Le champ « ${field} » ne peut pas commencer par =, +, - ou @ : un tableur le prendrait pour une formule.`;
}
