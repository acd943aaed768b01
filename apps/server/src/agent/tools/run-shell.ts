import { z } from "zod";
import { defineTool, runInSandbox, type ToolServices } from "./types";

export const runShell = ({ executions }: Pick<ToolServices, "executions">) =>
  defineTool({
    name: "run_shell",
    description:
      "Run a bash command line in the user's sandbox (no network), in /home/user. Returns stdout, stderr and the exit code.",
    input: z.object({
      command: z.string().trim().min(1, "command is required").max(10_000, "command is too long"),
    }),
    needsApproval: true,
    run: (ctx, input) =>
      runInSandbox(executions, ctx, { language: "bash", code: input.command, type: "system_command" }),
  });
