/**
 * CSV as staff download it (the audit log, every analytics table): RFC 4180 with CRLF line ends and a
 * byte-order mark so spreadsheets read UTF-8 text right, every cell safe against formulas. One place
 * for the API's exports and the admin's downloads.
 */

/**
 * One CSV cell. A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a
 * formula, so such a cell gets a leading apostrophe; quotes, commas and line breaks are quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell's text: numbers as they are, a missing value as an empty cell. */
const cellText = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A header and its rows as one CSV text, each cell made safe. */
export function csvText(
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>,
): string {
  const lines = [header, ...rows].map((cells) => cells.map((cell) => csvCell(cellText(cell))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
