import "server-only";

/**
 * CSV for spreadsheets, safe to open: every field is quoted (RFC 4180, quotes doubled), and
 * text that a spreadsheet would run as a formula is defused with a leading apostrophe, which
 * Excel and LibreOffice show as text (OWASP "CSV injection"). A formula can start a field, or
 * start after a separator: a spreadsheet set to split on ';' (Dutch Excel) or tabs cuts a
 * quoted field there and reads what follows as a cell of its own, so those places are defused
 * too. Numbers are written as they are: -99 stays a number.
 */

export type CsvValue = string | number | null;

/** A formula trigger at the start or just after a separator (spaces and quotes between). */
const FORMULA = /(^|[;,\t\r\n][\s"']*)([=+\-@\t\r])/g;

/** The text with every formula start defused; other text unchanged. */
export function defuseFormulas(text: string): string {
  return text.replace(FORMULA, "$1'$2");
}

export function csvField(value: CsvValue): string {
  if (value === null) return '""';
  const text = typeof value === "number" ? String(value) : defuseFormulas(value);
  return `"${text.replace(/"/g, '""')}"`;
}

/** One line, ending in CRLF as RFC 4180 says. */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** Put before the first line so that Excel reads the file as UTF-8. */
export const CSV_BOM = "\uFEFF";
