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

/** One CSV field: quoted when it must be. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Rows as CSV text (CRLF line ends, as spreadsheets expect). */
export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n");
}

/** Rows as tab-separated text, what spreadsheets put on the clipboard. */
export function toTsv(rows: string[][]): string {
  return rows.map((row) => row.map((cell) => cell.replace(/[\t\r\n]+/g, " ")).join("\t")).join("\n");
}
