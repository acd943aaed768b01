import { z } from "zod";
import { defineTool } from "./types";

export const runCode = defineTool({
  name: "run_code",
  description:
    "Run a program in the user's sandbox (no network). The working directory is /home/user, the user's workspace. Returns stdout, stderr and the exit code.",
  input: z.object({
    language: z.enum(["python", "javascript", "typescript", "bash", "sh"]),
    code: z.string().min(1, "code is required").max(200_000, "code is too long"),
  }),
  needsApproval: true,
  async run(ctx, input) {
    const outcome = await ctx.executions.run({
      user: ctx.user,
      sessionId: ctx.sessionId,
      language: input.language,
      code: input.code,
      type: "code_execution",
      signal: ctx.signal,
      onOutput: ctx.onOutput,
    });
    const { stdout, stderr, exitCode, limit, durationMs } = outcome.result;
    return { ok: outcome.success, output: { stdout, stderr, exitCode, limit, durationMs } };
  },
});
