/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas, quoted when they hold a
 * comma, a quote ("" inside) or a line break; rows end with CRLF or LF. Used by the spreadsheet's
 * import and export and by the check of a generated table, so both read CSV the same way.
 */
export function parseCsv(text: string, separator = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte order mark is not data
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && field.trim() === "") {
      field = "";
      quoted = true;
    } else if (c === separator) endField();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRow();
    } else field += c;
  }
  if (field !== "" || row.length > 0 || quoted) endRow();
  return rows;
}

/** A cell a spreadsheet would run as a formula (or DDE command) when it opens the file. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, which stays one: -3, +1.5, -.5, 2e-3. */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A cell made safe against CSV formula injection (OWASP's rule): one that starts with =, +, -, @,
 * a tab or a carriage return gets a single quote in front, so a spreadsheet shows it as text
 * (`=HYPERLINK(...)`, `=cmd|' /C calc'!A0`, `@SUM(...)`); a number (-3, +1.5) stays as it is.
 */
export function csvSafeCell(value: string): string {
  return FORMULA_START.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/** One CSV field, safe against formula injection: quoted when it must be, and when neutralised. */
function csvField(value: string): string {
  const safe = csvSafeCell(value);
  const quote = safe !== value || /[",\r\n]/.test(safe) || /^\s|\s$/.test(safe);
  return quote ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text (CRLF line ends, as spreadsheets expect); every CSV the product writes. */
export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n");
}

/** Rows as tab-separated text, what spreadsheets put on the clipboard. */
export function toTsv(rows: string[][]): string {
  return rows.map((row) => row.map((cell) => cell.replace(/[\t\r\n]+/g, " ")).join("\t")).join("\n");
}
