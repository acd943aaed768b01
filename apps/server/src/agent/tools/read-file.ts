import { z } from "zod";
import { defineTool, type ToolServices } from "./types";

const MAX_CHARS = 50_000;

export const readFile = ({ workspaces }: Pick<ToolServices, "workspaces">) =>
  defineTool({
    name: "read_file",
    description: "Read a text file of the user's workspace (a path under /home/user).",
    input: z.object({ path: z.string().min(1, "path is required").max(4096) }),
    needsApproval: false,
    async run(ctx, input) {
      const file = await workspaces.read(ctx.user, input.path);
      if (file.encoding !== "utf8") return { ok: false, output: { error: `${file.path} is a binary file` } };
      const truncated = file.content.length > MAX_CHARS;
      return {
        ok: true,
        output: {
          path: file.path,
          content: truncated ? file.content.slice(0, MAX_CHARS) : file.content,
          truncated,
        },
      };
    },
  });
