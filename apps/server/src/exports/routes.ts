import { exportApi, fileNameOf, type PathParams } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { JobStopped } from "../jobs/job";
import type { JobPool } from "../jobs/pool";
import { docxExport, pdfExport } from "./jobs";

const formats = {
  pdf: { type: "application/pdf", job: pdfExport },
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    job: docxExport,
  },
} as const;

/** An export past the job pool's time or memory: the document's fault, told in words. */
const tooComplex = () =>
  new AppError(
    413,
    "payload_too_large",
    "This document is too large or complex to export. Split it into smaller documents and try again.",
  );

/**
 * POST /api/export/pdf and /api/export/docx: a document's Markdown as a PDF or Word file, made in
 * the job pool (off the event loop, bounded in time and memory).
 */
export async function exportRoutes(app: FastifyInstance, deps: { db: Db; jobs: JobPool }): Promise<void> {
  app.post<{ Params: PathParams<typeof exportApi.file.path> }>(
    exportApi.file.path,
    { onRequest: requireSession(deps.db) },
    async (request, reply) => {
      const format = formats[request.params.format as keyof typeof formats];
      if (!Object.hasOwn(formats, request.params.format) || !format)
        throw new AppError(404, "not_found", "Export as pdf or docx");
      const body = parse(exportApi.file.body, request.body);
      const file = await deps.jobs.run(format.job, body).catch((err: unknown) => {
        throw err instanceof JobStopped ? tooComplex() : err;
      });
      const name = fileNameOf(body.title, request.params.format, "Untitled Document");
      return reply
        .header("content-type", format.type)
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
    },
  );
}
