import { z } from "zod";
import { defineTool, type ToolServices } from "./types";

export const writeFile = ({ workspaces }: Pick<ToolServices, "workspaces">) =>
  defineTool({
    name: "write_file",
    description:
      "Create or replace a text file in the user's workspace (a path under /home/user); folders are created.",
    input: z.object({
      path: z.string().min(1, "path is required").max(4096),
      content: z.string().max(5 * 1024 * 1024, "content is too long"),
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
