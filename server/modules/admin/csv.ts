import { stringify } from 'csv-stringify/sync';

/**
 * Cells a spreadsheet would run as a formula (OWASP "CSV injection"): `=`, `+`, `-`, `@`, and tab
 * or carriage return, which some apps skip before looking for one. Such a cell gets a leading `'`,
 * so it shows as the text it is.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function defuseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * RFC 4180 CSV (CRLF rows, quotes doubled, a field with a comma, quote or line break quoted) with
 * a UTF-8 BOM in front, so spreadsheet apps read the Korean as Korean. csv-stringify does the
 * quoting; every cell goes through defuseCell first (decision 0016-admin-console).
 */
type Cell = string | number | null;

export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => defuseCell(cell === null ? '' : String(cell))));
  return '\uFEFF' + stringify(cells, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}
