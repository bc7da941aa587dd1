/** A cell a spreadsheet would run as a formula begins with one of these (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet: a leading `'` stops `=`, `+`, `-`, `@`,
 * tab or CR from starting a formula. Use on text that came from people or the upstream;
 * numbers we format ourselves (signed amounts) go in as they are.
 */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One RFC 4180 field: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line, CRLF-terminated as RFC 4180 asks. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
