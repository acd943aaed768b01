import {
  installedPromptId,
  PROMPT_LIBRARY_KIND,
  promptLibrarySchema,
  type promptTemplatePayloadSchema,
  type SavedPrompt,
} from "@neuroos/contracts";
import type { z } from "zod";
import type { DocumentService } from "../../documents/service";
import { AppError } from "../../http/errors";
import type { Installer } from "../installer";

type Payload = z.output<typeof promptTemplatePayloadSchema>;
const MAX_PROMPTS = 100;

/** The saved prompts of a Prompt Canvas library; a library that is not one is left untouched. */
function promptsOf(content: unknown): SavedPrompt[] {
  const parsed = promptLibrarySchema.safeParse(content);
  if (!parsed.success)
    throw new AppError(
      409,
      "conflict",
      "Your Prompt Canvas library cannot be read: open Prompt Canvas first",
    );
  return parsed.data;
}

/** A prompt template is added to the person's Prompt Canvas library; uninstall removes it again. */
export function promptTemplateInstaller(deps: { documents: DocumentService }): Installer<Payload> {
  return {
    describe: (p) => `Adds the prompt “${p.title}” to your Prompt Canvas.`,
    async install({ user, itemId, payload }) {
      const id = installedPromptId(itemId);
      await deps.documents.changeNewest(
        user.id,
        PROMPT_LIBRARY_KIND,
        { title: "Prompts", content: [] },
        (content) => {
          const others = promptsOf(content).filter((p) => p.id !== id);
          if (others.length >= MAX_PROMPTS)
            throw new AppError(
              409,
              "conflict",
              `Prompt Canvas holds at most ${MAX_PROMPTS} prompts: delete one first`,
            );
          const prompt: SavedPrompt = {
            id,
            title: payload.title,
            content: payload.content,
            timestamp: Date.now(),
            isFavorite: false,
            lastResult: null,
          };
          return [prompt, ...others];
        },
      );
      return { promptId: id };
    },
    async uninstall({ user, itemId }) {
      const id = installedPromptId(itemId);
      await deps.documents.changeEach(user.id, PROMPT_LIBRARY_KIND, (content) => {
        const prompts = promptLibrarySchema.safeParse(content);
        if (!prompts.success || !prompts.data.some((p) => p.id === id)) return null;
        return prompts.data.filter((p) => p.id !== id);
      });
    },
  };
}
