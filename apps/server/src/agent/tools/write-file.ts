import { z } from "zod";
import { defineTool, type ToolServices } from "./types";

/** The longest content write_file takes, in characters (its schema advertises it). */
export const WRITE_FILE_MAX_CHARS = 5 * 1024 * 1024;

export const writeFile = ({ workspaces }: Pick<ToolServices, "workspaces">) =>
  defineTool({
    name: "write_file",
    description:
      "Create or replace a text file in the user's workspace (a path under /home/user); folders are created.",
    input: z.object({
      path: z.string().min(1, "path is required").max(4096),
      content: z.string().max(WRITE_FILE_MAX_CHARS, "content is too long"),
    }),
    needsApproval: true,
    async run(ctx, input) {
      const entry = await workspaces.write(ctx.user, {
        path: input.path,
        content: input.content,
        encoding: "utf8",
        overwrite: true,
      });
      return { ok: true, output: { path: entry.path, size: entry.size } };
    },
  });
