import { PassThrough } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import {
  filePathQuerySchema,
  filesApi,
  listFilesQuerySchema,
  MAX_TEXT_FILE_BYTES,
  uploadQuerySchema,
  zipQuerySchema,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { AppError, parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import { recordAction } from "../logs/service";
import { formatBytes, type UploadPart, type WorkspaceService } from "./service";

export interface WorkspaceRouteDeps {
  db: Db;
  bus: EventBus;
  workspaces: WorkspaceService;
}

/** An HTML preview's policy: scripts and styles of its own (inline or data:), nothing fetched, no same origin. */
const PREVIEW_POLICY =
  "sandbox allow-scripts; default-src 'none'; script-src 'unsafe-inline' data: blob:; style-src 'unsafe-inline' data:; img-src data: blob:; font-src data:; media-src data: blob:; frame-ancestors 'self'";

/** A JSON write carries at most MAX_TEXT_FILE_BYTES, base64-encoded at worst. */
const WRITE_BODY_LIMIT = Math.ceil((MAX_TEXT_FILE_BYTES * 4) / 3) + 64 * 1024;
const MAX_UPLOAD_FILES = 50;

/** Content-Disposition for a download: a plain ASCII fallback and the exact UTF-8 name. */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The files API: every path is a workspace path checked by the path guard. */
export async function workspaceRoutes(app: FastifyInstance, deps: WorkspaceRouteDeps): Promise<void> {
  const { workspaces } = deps;
  /** Changes to the workspace go to the execution log (and the activity panel); reads do not. */
  const logged = <T>(request: FastifyRequest, command: string, action: () => Promise<T>) =>
    recordAction(deps, { userId: currentUser(request).id, type: "file_operation", command }, action);
  await app.register(fastifyMultipart);
  app.addHook("onRequest", requireSession(deps.db));

  app.get(filesApi.list.path, async (request, reply) => {
    const query = parse(listFilesQuerySchema, request.query);
    const { entries, truncated } = await workspaces.list(currentUser(request), query.path, query.recursive);
    if (truncated) reply.header("x-files-truncated", "true");
    return entries;
  });

  app.get(filesApi.stats.path, async (request) => workspaces.stats(currentUser(request)));

  app.get(filesApi.content.path, async (request, reply) => {
    const { path } = parse(filePathQuerySchema, request.query);
    const file = await workspaces.read(currentUser(request), path);
    reply.header("etag", `"${file.version}"`).header("cache-control", "private, no-cache");
    return file;
  });

  app.put(
    filesApi.write.path,
    {
      bodyLimit: WRITE_BODY_LIMIT,
      onRequest: async (request) => {
        if (Number(request.headers["content-length"] ?? 0) > WRITE_BODY_LIMIT) throw textTooLarge();
      },
    },
    async (request, reply) => {
      const input = parse(filesApi.write.body, request.body);
      if (Buffer.byteLength(input.content, input.encoding) > MAX_TEXT_FILE_BYTES) throw textTooLarge();
      const ifMatch = versionOf(request.headers["if-match"]);
      const written = await logged(request, `write ${input.path}`, () =>
        workspaces.write(currentUser(request), input, ifMatch),
      );
      return reply.header("etag", `"${written.version}"`).send(written);
    },
  );

  app.post(filesApi.mkdir.path, async (request, reply) => {
    const { path } = parse(filesApi.mkdir.body, request.body);
    const created = await logged(request, `mkdir ${path}`, () =>
      workspaces.mkdir(currentUser(request), path),
    );
    return reply.status(201).send(created);
  });

  app.post(filesApi.move.path, async (request) => {
    const { from, to } = parse(filesApi.move.body, request.body);
    return logged(request, `move ${from} ${to}`, () => workspaces.move(currentUser(request), from, to));
  });

  app.delete(filesApi.remove.path, async (request, reply) => {
    const { path } = parse(filePathQuerySchema, request.query);
    await logged(request, `delete ${path}`, () => workspaces.remove(currentUser(request), path));
    return reply.status(204).send();
  });

  app.post(filesApi.upload.path, async (request, reply) => {
    const query = parse(uploadQuerySchema, request.query);
    if (!request.isMultipart())
      throw new AppError(415, "unsupported_media_type", "Send the files as multipart/form-data");
    const user = currentUser(request);
    const maxFile = workspaces.quota(user.plan).maxFileBytes;
    const parts = request.parts({
      // Keep names as sent ("../x" included) so the path guard refuses them instead of rewriting them.
      preservePath: true,
      // One byte over the plan's limit lets the service say which limit was passed.
      limits: { fileSize: maxFile + 1, files: MAX_UPLOAD_FILES, fields: 20, parts: MAX_UPLOAD_FILES + 20 },
    });
    async function* files(): AsyncGenerator<UploadPart> {
      for await (const part of parts) if (part.type === "file") yield part;
    }
    try {
      const entries = await logged(request, `upload to ${query.dir}`, () =>
        workspaces.upload(user, query.dir, files(), query.overwrite),
      );
      return reply.status(201).send({ files: entries });
    } catch (err) {
      const code = (err as { code?: string }).code;
      // busboy's own errors: no boundary, a truncated body, a body that is not multipart at all.
      if (!code && err instanceof Error && /^(Multipart: |Unexpected end of |Malformed )/.test(err.message))
        throw new AppError(400, "bad_request", `Malformed multipart body (${err.message})`);
      if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
        throw new AppError(413, "payload_too_large", `Upload at most ${MAX_UPLOAD_FILES} files at once`);
      if (code === "FST_REQ_FILE_TOO_LARGE")
        throw new AppError(
          413,
          "payload_too_large",
          `A file is larger than the ${formatBytes(maxFile)} limit`,
        );
      throw err;
    }
  });

  app.get(filesApi.download.path, async (request, reply) => {
    const { path } = parse(filePathQuerySchema, request.query);
    const file = await workspaces.openDownload(currentUser(request), path);
    reply
      .header("content-type", "application/octet-stream")
      .header("content-length", String(file.stat.size))
      .header("content-disposition", attachment(file.name))
      .header("cache-control", "private, no-store");
    return reply.send(file.handle.createReadStream());
  });

  /**
   * An HTML file of the person's as a page for a sandboxed frame: its policy makes it an opaque
   * origin (the `sandbox` directive, also when opened on its own) whose inline scripts and styles
   * run but which loads and reaches nothing: not the page around it, its cookies or the API.
   */
  app.get(filesApi.preview.path, async (request, reply) => {
    const { path } = parse(filePathQuerySchema, request.query);
    if (!/\.html?$/i.test(path))
      throw new AppError(400, "bad_request", "Only an HTML file (.html or .htm) can be previewed");
    const file = await workspaces.openDownload(currentUser(request), path);
    if (file.stat.size > MAX_TEXT_FILE_BYTES) {
      await file.handle.close();
      throw textTooLarge();
    }
    reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", PREVIEW_POLICY)
      .header("cache-control", "private, no-store");
    return reply.send(file.handle.createReadStream());
  });

  /** Several files and folders as one zip (`path` repeated), refused before a byte is sent when it cannot be made. */
  app.get(filesApi.zip.path, async (request, reply) => {
    const { path } = parse(zipQuerySchema, request.query);
    const zip = await workspaces.openZip(currentUser(request), path);
    const body = new PassThrough();
    const gone = new AbortController();
    reply.raw.once("close", () => gone.abort());
    // A failure midway cuts the connection (Fastify logs it); a client that went away just stops it.
    zip.write(body, gone.signal).catch((err) => body.destroy(gone.signal.aborted ? undefined : err));
    reply
      .header("content-type", "application/zip")
      .header("content-disposition", attachment(zip.name))
      .header("cache-control", "private, no-store");
    return reply.send(body);
  });
}

/** The one version an If-Match names (`"v"` or `W/"v"`); a list or `*` is not supported. */
function versionOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*(?:W\/)?"([A-Za-z0-9_-]{1,64})"\s*$/.exec(
    Array.isArray(header) ? header.join(",") : header,
  );
  if (!match?.[1])
    throw new AppError(
      400,
      "bad_request",
      'If-Match must name one version, as the read\'s ETag gave it ("…")',
    );
  return match[1];
}

const textTooLarge = () =>
  new AppError(
    413,
    "payload_too_large",
    `Files larger than ${formatBytes(MAX_TEXT_FILE_BYTES)} cannot be saved as text; upload them instead`,
  );
