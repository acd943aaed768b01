import { MEMORY_MAX_LENGTH } from "@neuroos/contracts";
import { z } from "zod";
import { defineTool, type ToolServices } from "./types";

/** Offered when the person's cross-session memory is on. */
export const remember = ({ memories }: Pick<ToolServices, "memories">) =>
  defineTool({
    name: "remember",
    description:
      "Remember a lasting fact about the person or their preferences for later sessions (one short sentence). Use it when they tell you something worth keeping or ask you to remember.",
    input: z.object({ fact: z.string().trim().min(1, "fact is required").max(MEMORY_MAX_LENGTH) }),
    needsApproval: true, // a write to the person's memory: on the approval card in safe mode
    async run(ctx, input) {
      const memory = await memories.add(ctx.user.id, input.fact, "model");
      return { ok: true, output: { remembered: memory.content, id: memory.id } };
    },
  });
