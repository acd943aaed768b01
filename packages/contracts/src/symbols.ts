import { z } from "zod";
import { endpoint } from "./endpoint";

/** A symbol's name in the bundled set (Fluent Emoji Flat): lowercase words joined by hyphens. */
export const symbolNameSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "A symbol name is lowercase words joined by hyphens")
  .max(80, "A symbol name has at most 80 characters");

/** At most this many symbols in one answer (a search or a batch). */
export const SYMBOLS_MAX = 40;

/** GET /api/symbols?q=happy face (search by name) or ?names=a,b,c (those symbols). */
export const symbolsQuerySchema = z.union([
  z
    .object({
      q: z.string().trim().min(1, "Type a word to search for").max(60, "At most 60 characters"),
    })
    .strict(),
  z
    .object({
      names: z
        .string()
        .transform((list) => list.split(",").filter(Boolean))
        .pipe(z.array(symbolNameSchema).min(1, "Name a symbol").max(SYMBOLS_MAX, "At most 40 symbols")),
    })
    .strict(),
]);

/** A symbol: its name and a standalone SVG image (shown through an <img>, never inlined). */
export const symbolSchema = z.object({ name: symbolNameSchema, svg: z.string() });
export type SymbolImage = z.infer<typeof symbolSchema>;
export const symbolsResponseSchema = z.object({ symbols: z.array(symbolSchema) });

/** The symbols API (server: apps/server/src/symbols/routes.ts). */
export const symbolsApi = {
  /** `?q=words` (a search) or `?names=a,b` (those symbols); a browser may keep an answer a day. */
  list: endpoint({ method: "GET", path: "/api/symbols", body: null, answer: symbolsResponseSchema }),
};
