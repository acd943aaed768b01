import {
  fillPrompt,
  PROMPT_LIBRARY_KIND,
  promptLibrarySchema,
  promptVariables,
  type SavedPrompt,
  sortPrompts,
} from "@neuroos/contracts";
import { z } from "zod";
import type { DocumentService } from "../documents/service";
import { invalidParams, listParams, onRequest, page } from "./server-requests";
import type { TokenHolder } from "./tokens";

type Documents = Pick<DocumentService, "list" | "get">;

/** The holder's Prompt Canvas library (its newest document), favourites first; none is empty. */
export async function promptsOf(documents: Documents, holder: TokenHolder): Promise<SavedPrompt[]> {
  const [newest] = await documents.list(holder.user.id, PROMPT_LIBRARY_KIND);
  if (!newest) return [];
  const parsed = promptLibrarySchema.safeParse((await documents.get(holder.user.id, newest.id)).content);
  return parsed.success ? sortPrompts(parsed.data) : [];
}

const getParams = z
  .object({
    name: z.string({ error: "the prompt's name is required" }).max(64),
    arguments: z.record(z.string(), z.string(), { error: "arguments must map names to strings" }).optional(),
  })
  .loose();

/**
 * The person's Prompt Canvas library as MCP prompts: each saved prompt by its id, its `{{name}}`
 * variables its (required) arguments; `prompts/get` answers it filled in as one user message.
 */
export function servePrompts(
  server: Parameters<typeof onRequest>[0],
  holder: TokenHolder,
  documents: Documents,
): void {
  onRequest(server, "prompts/list", listParams, async ({ cursor }) => {
    const { items, nextCursor } = page(await promptsOf(documents, holder), cursor, 100);
    return {
      prompts: items.map((p) => ({
        name: p.id,
        title: p.title || "Untitled prompt",
        description: `From your Prompt Canvas${p.isFavorite ? " (a favourite)" : ""}: ${p.content.slice(0, 120)}`,
        arguments: promptVariables(p.content).map((name) => ({ name, required: true })),
      })),
      ...(nextCursor ? { nextCursor } : {}),
    };
  });
  onRequest(server, "prompts/get", getParams, async ({ name, arguments: values = {} }) => {
    const prompt = (await promptsOf(documents, holder)).find((p) => p.id === name);
    if (!prompt) throw invalidParams(`Unknown prompt: ${name}`);
    const missing = promptVariables(prompt.content).filter((v) => !values[v]?.trim());
    if (missing.length > 0) throw invalidParams(`Missing arguments: ${missing.join(", ")}`);
    return {
      description: prompt.title,
      messages: [{ role: "user", content: { type: "text", text: fillPrompt(prompt.content, values) } }],
    };
  });
}

/** Values for a prompt's argument: its saved prompts' last values are not kept, so the paths of files for path-like ones. */
export async function promptArgumentKnown(
  documents: Documents,
  holder: TokenHolder,
  prompt: string,
  argument: string,
) {
  const found = (await promptsOf(documents, holder)).find((p) => p.id === prompt);
  if (!found) throw invalidParams(`Unknown prompt: ${prompt}`);
  if (!promptVariables(found.content).includes(argument))
    throw invalidParams(`The prompt ${prompt} has no argument ${argument}`);
  return /file|path/i.test(argument);
}
