import { defineJob } from "../jobs/job";
import { markdownToDocx } from "./docx";
import { markdownToPdf } from "./pdf";

/** A document's title and Markdown, as the export routes take them. */
export interface ExportInput {
  title: string;
  markdown: string;
}

/**
 * The exports, run in the job pool's workers: a long document never holds the event loop. A
 * Buffer made there arrives as a Uint8Array.
 */
export const pdfExport = defineJob<ExportInput, Uint8Array>("export-pdf", (input) =>
  markdownToPdf(input.title, input.markdown),
);
export const docxExport = defineJob<ExportInput, Uint8Array>("export-docx", (input) =>
  markdownToDocx(input.title, input.markdown),
);
