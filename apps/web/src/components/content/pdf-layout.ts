/** A canvas's pixels at most (4096 × 4096): a huge page on a dense screen is drawn a little softer. */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

/**
 * How a page of `page` points (at scale 1) is drawn `available` CSS pixels wide on a screen of
 * `pixelRatio` device pixels per CSS pixel: its CSS size, and the scale pdf.js renders at (device
 * pixels, capped at MAX_CANVAS_PIXELS).
 */
export function pageCanvasSize(
  available: number,
  page: { width: number; height: number },
  pixelRatio: number,
): { cssWidth: number; cssHeight: number; scale: number } {
  const cssWidth = Math.max(1, Math.floor(available));
  const cssHeight = Math.max(1, Math.round((cssWidth * page.height) / page.width));
  const ratio = Number.isFinite(pixelRatio) && pixelRatio > 0 ? pixelRatio : 1;
  const capped = Math.min(ratio, Math.sqrt(MAX_CANVAS_PIXELS / (cssWidth * cssHeight)));
  return { cssWidth, cssHeight, scale: (cssWidth * capped) / page.width };
}

/** The line above the pages: "1 page", "12 pages". */
export const pageCountLine = (pages: number) => (pages === 1 ? "1 page" : `${pages} pages`);

/** The words for a PDF pdf.js could not open (its errors are named, also across the worker). */
export function pdfErrorMessage(name: string, error: unknown): string {
  const kind =
    typeof error === "object" && error !== null && "name" in error ? String((error as Error).name) : "";
  if (kind === "PasswordException")
    return `${name} is protected by a password, so it cannot be previewed here. Download it to open it in a PDF reader.`;
  if (kind === "InvalidPDFException")
    return `${name} could not be shown: it is damaged, or it is not a PDF. Download it to check it.`;
  return `${name} could not be shown as a PDF: it may be damaged. Download it to open it in a PDF reader.`;
}
