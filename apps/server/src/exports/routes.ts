import { fileNameOf } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { markdownToDocx } from "./docx";
import { markdownToPdf } from "./pdf";

/** What can be exported: one document's Markdown (the documents store's 256 KB cap). */
const exportRequestSchema = z
  .object({
    title: z.string().trim().max(200).default(""),
    markdown: z.string().max(256 * 1024, "A document holds at most 256 KB"),
  })
  .strict();

const formats = {
  pdf: { type: "application/pdf", make: markdownToPdf },
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    make: markdownToDocx,
  },
} as const;

/** POST /api/export/pdf and /api/export/docx: a document's Markdown as a PDF or Word file. */
export async function exportRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  app.post<{ Params: { format: string } }>(
    "/api/export/:format",
    { onRequest: requireSession(deps.db) },
    async (request, reply) => {
      const format = formats[request.params.format as keyof typeof formats];
      if (!Object.hasOwn(formats, request.params.format) || !format)
        throw new AppError(404, "not_found", "Export as pdf or docx");
      const body = parse(exportRequestSchema, request.body);
      const file = await format.make(body.title, body.markdown);
      const name = fileNameOf(body.title, request.params.format, "Untitled Document");
      return reply
        .header("content-type", format.type)
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(file);
    },
  );
}
