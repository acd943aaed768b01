import {
  agentPresetPayloadSchema,
  installedPromptId,
  mcpServerOfTool,
  PROMPT_LIBRARY_KIND,
  type Publishable,
  promptLibrarySchema,
  promptTemplatePayloadSchema,
  type publishEntrySchema,
  type SavedPrompt,
  type UpdateEntryInput,
  type User,
} from "@neuroos/contracts";
import type { z } from "zod";
import { getAgent, listAgents } from "../agents/service";
import type { Db } from "../db/client";
import type { DocumentService } from "../documents/service";
import { AppError } from "../http/errors";
import type { PublishedEntries } from "./entries";
import type { Installs } from "./installs";

const readOnly = () => new AppError(403, "forbidden", "Entries published by others are read-only");
/** Prompts that came from the marketplace are someone else's to publish. */
const installedPrefix = installedPromptId("");

/**
 * Publishing: a person's agent or Prompt Canvas prompt becomes a private marketplace entry; its
 * owner edits its texts or withdraws it; the admin makes it public (or private again).
 */
export class Publishing {
  constructor(
    private readonly deps: {
      db: Db;
      documents: DocumentService;
      entries: PublishedEntries;
      installs: Installs;
    },
  ) {}

  /** What the person may publish: their agents and their own saved prompts. */
  async publishable(userId: string): Promise<Publishable> {
    const agents = await listAgents(this.deps.db, userId);
    return {
      agents: agents.map((a) => ({ id: a.id, name: a.name, description: a.description })),
      prompts: (await this.prompts(userId)).map((p) => ({ id: p.id, title: p.title, content: p.content })),
    };
  }

  /** Stores the entry (private); returns its id. */
  async publish(user: User, input: z.output<typeof publishEntrySchema>): Promise<string> {
    const texts = {
      title: input.title,
      shortDescription: input.shortDescription,
      description: input.description,
    };
    if (input.source.type === "agent") {
      const agent = await getAgent(this.deps.db, user.id, input.source.id);
      const payload = agentPresetPayloadSchema.parse({
        name: agent.name,
        description: agent.description,
        systemPrompt: agent.systemPrompt,
        provider: agent.provider,
        model: agent.model,
        temperature: agent.temperature,
        // Tools of the publisher's own MCP servers mean nothing in another account.
        tools: agent.tools.filter((t) => mcpServerOfTool(t) === null),
        safeMode: agent.safeMode,
      });
      return (await this.deps.entries.create(user.id, { kind: "agent-preset", ...texts, payload })).id;
    }
    const sourceId = input.source.id;
    const prompt = (await this.prompts(user.id)).find((p) => p.id === sourceId);
    if (!prompt) throw new AppError(404, "not_found", "No such saved prompt");
    const parsed = promptTemplatePayloadSchema.safeParse({ title: prompt.title, content: prompt.content });
    if (!parsed.success)
      throw new AppError(400, "validation_failed", "This prompt has no content to publish");
    return (
      await this.deps.entries.create(user.id, { kind: "prompt-template", ...texts, payload: parsed.data })
    ).id;
  }

  /** The owner changes the texts; only the admin changes who sees it. */
  async update(user: User, id: string, input: UpdateEntryInput): Promise<void> {
    const entry = await this.deps.entries.get(user, id);
    const { visibility, ...texts } = input;
    if (Object.keys(texts).length > 0 && entry.ownerId !== user.id) throw readOnly();
    if (visibility !== undefined && user.role !== "admin")
      throw new AppError(403, "forbidden", "Only the admin can make an entry public or private");
    await this.deps.entries.update(id, input);
  }

  /** Withdraws an entry (its owner, or the admin); what people installed from it stays theirs. */
  async remove(user: User, id: string): Promise<void> {
    const entry = await this.deps.entries.get(user, id);
    if (entry.ownerId !== user.id && user.role !== "admin") throw readOnly();
    await this.deps.entries.remove(id);
    await this.deps.installs.forgetItem(id);
  }

  private async prompts(userId: string): Promise<SavedPrompt[]> {
    const { documents } = this.deps;
    const found = new Map<string, SavedPrompt>();
    for (const summary of await documents.list(userId, PROMPT_LIBRARY_KIND)) {
      const library = promptLibrarySchema.safeParse((await documents.get(userId, summary.id)).content);
      for (const prompt of library.success ? library.data : [])
        if (!prompt.id.startsWith(installedPrefix) && !found.has(prompt.id)) found.set(prompt.id, prompt);
    }
    return [...found.values()];
  }
}
