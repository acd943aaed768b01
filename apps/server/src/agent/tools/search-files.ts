import { z } from "zod";
import { filePassages } from "../../vector/file-passages";
import { defineTool, type ToolServices } from "./types";

const MAX_MATCHES = 50;
const MAX_FILES = 2000;
const MAX_FILE_BYTES = 1024 * 1024;

/** Passages of the indexed files that answer the query (hybrid: words and meaning), with citations. */
const PASSAGES = 8;

/**
 * Search over the workspace's text files: passages found by the semantic index (cited as
 * `path:from-to`), and the lines that contain the phrase itself (case-insensitive).
 */
export const searchFiles = ({ workspaces, vectors }: Pick<ToolServices, "workspaces" | "vectors">) =>
  defineTool({
    name: "search_files",
    description:
      "Search the text files of the user's workspace: passages that answer the query by meaning or by words, cited as path:from-to, and the lines containing the phrase. Cite the passages you use.",
    input: z.object({ query: z.string().trim().min(1, "query is required").max(500) }),
    needsApproval: false,
    async run(ctx, input) {
      const passages = await filePassages(vectors, ctx.user.id, input.query, PASSAGES).catch(() => []);
      const needle = input.query.toLowerCase();
      const { entries } = await workspaces.list(ctx.user, "/home/user", true);
      const files = entries.filter((e) => e.type === "file" && e.size <= MAX_FILE_BYTES).slice(0, MAX_FILES);
      const matches: { path: string; line: number; text: string }[] = [];
      for (const file of files) {
        if (matches.length >= MAX_MATCHES || ctx.signal.aborted) break;
        const content = await workspaces.read(ctx.user, file.path).catch(() => null);
        if (content?.encoding !== "utf8") continue;
        content.content.split("\n").forEach((text, i) => {
          if (matches.length < MAX_MATCHES && text.toLowerCase().includes(needle)) {
            matches.push({ path: file.path, line: i + 1, text: text.slice(0, 300) });
          }
        });
      }
      return { ok: true, output: { passages, matches, truncated: matches.length >= MAX_MATCHES } };
    },
  });
