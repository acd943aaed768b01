import { z } from "zod";
import { defineTool, type ToolServices } from "./types";

const MAX_ENTRIES = 500;

export const listFiles = ({ workspaces }: Pick<ToolServices, "workspaces">) =>
  defineTool({
    name: "list_files",
    description: "List the files and folders in a folder of the user's workspace (paths under /home/user).",
    input: z.object({ path: z.string().min(1).max(4096).default("/home/user") }),
    needsApproval: false,
    async run(ctx, input) {
      const { entries } = await workspaces.list(ctx.user, input.path, false);
      return {
        ok: true,
        output: {
          entries: entries.slice(0, MAX_ENTRIES).map(({ path, type, size }) => ({ path, type, size })),
          truncated: entries.length > MAX_ENTRIES,
        },
      };
    },
  });
