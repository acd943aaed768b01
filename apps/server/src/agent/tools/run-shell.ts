import { z } from "zod";
import { defineTool } from "./types";

export const runShell = defineTool({
  name: "run_shell",
  description:
    "Run a bash command line in the user's sandbox (no network), in /home/user. Returns stdout, stderr and the exit code.",
  input: z.object({
    command: z.string().trim().min(1, "command is required").max(10_000, "command is too long"),
  }),
  needsApproval: true,
  async run(ctx, input) {
    const outcome = await ctx.executions.run({
      user: ctx.user,
      sessionId: ctx.sessionId,
      language: "bash",
      code: input.command,
      type: "system_command",
      signal: ctx.signal,
      onOutput: ctx.onOutput,
    });
    const { stdout, stderr, exitCode, limit, durationMs } = outcome.result;
    return { ok: outcome.success, output: { stdout, stderr, exitCode, limit, durationMs } };
  },
});
