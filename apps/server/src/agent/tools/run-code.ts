import { executionLanguageSchema } from "@neuroos/contracts";
import { z } from "zod";
import { defineTool, runInSandbox, type ToolServices } from "./types";

export const runCode = ({ executions }: Pick<ToolServices, "executions">) =>
  defineTool({
    name: "run_code",
    description:
      "Run a program in the user's sandbox (no network). The working directory is /home/user, the user's workspace. Returns stdout, stderr and the exit code.",
    input: z.object({
      language: executionLanguageSchema,
      code: z.string().min(1, "code is required").max(200_000, "code is too long"),
    }),
    needsApproval: true,
    run: (ctx, input) =>
      runInSandbox(executions, ctx, { language: input.language, code: input.code, type: "code_execution" }),
  });
