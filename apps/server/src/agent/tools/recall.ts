import { z } from "zod";
import { MEMORIES_PER_SESSION, matchingMemories } from "../../memory/relevance";
import { defineTool, type ToolServices } from "./types";

/** Offered with `remember`: searches what was remembered (a read, so safe mode does not ask). */
export const recall = ({ memories }: Pick<ToolServices, "memories">) =>
  defineTool({
    name: "recall",
    description:
      "Search the facts remembered about the person in earlier sessions: give words to look for; answers the matching facts with their ids (to forget one by id).",
    input: z.object({ query: z.string().trim().min(1, "query is required").max(500) }),
    needsApproval: false,
    async run(ctx, input) {
      const found = matchingMemories(await memories.list(ctx.user.id), input.query).slice(
        0,
        MEMORIES_PER_SESSION * 2,
      );
      return { ok: true, output: { found: found.map((m) => ({ id: m.id, fact: m.content })) } };
    },
  });
