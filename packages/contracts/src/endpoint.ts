import type { z } from "zod";

/**
 * One call of the HTTP API, defined once for both sides: the server registers its route at
 * `path` and parses its body with `body`; the web's resources call it (lib/api.ts `call`) and
 * parse the answer with `answer`. This module imports zod's types only: the web's first
 * download (lib/api.ts) imports it without zod.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface Endpoint<
  Path extends string = string,
  Body extends z.ZodType | null = z.ZodType | null,
  Answer extends z.ZodType | null = z.ZodType | null,
> {
  method: HttpMethod;
  /** Its address, ":name" marking each parameter (Fastify's route syntax): "/api/agents/:id". */
  path: Path;
  /** What it takes as a JSON body (null: nothing). */
  body: Body;
  /** What it answers as JSON (null: no content). */
  answer: Answer;
}

/** Defines an endpoint, keeping its path's literal type (so its parameters are known). */
export const endpoint = <Path extends string, Body extends z.ZodType | null, Answer extends z.ZodType | null>(
  definition: Endpoint<Path, Body, Answer>,
): Endpoint<Path, Body, Answer> => definition;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a path names: `{ id: string }` for "/api/agents/:id". */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

/** The path with its parameters filled in, each encoded. */
export function pathWith(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path} needs :${name}`);
    return encodeURIComponent(value);
  });
}
