import { z } from "zod";
import { keywords } from "../../memory/relevance";
import { defineTool, type ToolServices } from "./types";

/** Offered with `remember`: the person asks the model to forget something. */
export const forget = ({ memories }: Pick<ToolServices, "memories">) =>
  defineTool({
    name: "forget",
    description:
      "Forget remembered facts when the person asks you to: give the id of a remembered fact, or words of it (every fact containing all of them is forgotten).",
    input: z.object({ about: z.string().trim().min(1, "about is required").max(500) }),
    needsApproval: true, // a write to the person's memory: on the approval card in safe mode
    async run(ctx, input) {
      const all = await memories.list(ctx.user.id);
      const words = [...keywords(input.about)];
      const matching = all.filter(
        (m) => m.id === input.about || (words.length > 0 && words.every((w) => keywords(m.content).has(w))),
      );
      for (const memory of matching) await memories.remove(ctx.user.id, memory.id);
      if (matching.length === 0)
        return { ok: false, output: { error: `Nothing remembered matches '${input.about}'` } };
      return { ok: true, output: { forgotten: matching.map((m) => m.content) } };
    },
  });
