import { SYMBOLS_MAX, symbolsApi, symbolsQuerySchema } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import type { SymbolLibrary } from "./service";

/**
 * GET /api/symbols?q=words: up to 40 symbols whose names hold the words; ?names=a,b: those
 * symbols (unknown names left out). Each as `{ name, svg }`.
 */
export async function symbolRoutes(
  app: FastifyInstance,
  deps: { db: Db; symbols: SymbolLibrary },
): Promise<void> {
  app.get(symbolsApi.list.path, { onRequest: requireSession(deps.db) }, async (request, reply) => {
    const query = parse(symbolsQuerySchema, request.query);
    const symbols =
      "q" in query ? await deps.symbols.search(query.q, SYMBOLS_MAX) : await deps.symbols.get(query.names);
    // The set changes only with the package: a browser may keep an answer for a day.
    reply.header("cache-control", "private, max-age=86400");
    return { symbols };
  });
}
