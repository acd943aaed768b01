import { AGENT_MODEL_PREFIX, type Agent, type LlmConfig, providerIdSchema } from "@neuroos/contracts";
import { listAgents } from "../agents/service";
import type { Db } from "../db/client";
import { AppError } from "../http/errors";
import { isUuid } from "../http/ids";
import type { Llm } from "../llm";

/** One entry of GET /v1/models, as OpenAI's Model object (with a name and description for agents). */
export interface OpenAiModel {
  id: string;
  object: "model";
  created: number;
  owned_by: string;
  name?: string;
  description?: string;
}

/** What a model id stands for: the gateway's settings, and the agent's system prompt for an agent. */
export interface ModelTarget {
  config: Pick<LlmConfig, "provider" | "model" | "temperature">;
  system: string | null;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const unknownModel = (id: string) =>
  new AppError(400, "llm_model_not_found", `The model '${id}' does not exist: GET /v1/models lists yours`, {
    model: "Unknown model",
  });

/** The person's agents and configured providers' models as OpenAI model ids, and what each id stands for. */
export class OpenAiModels {
  /** Provider models carry no date of their own: the time this server started. */
  private readonly bootedAt = Math.floor(Date.now() / 1000);

  constructor(private readonly deps: { db: Db; llm: Pick<Llm, "statuses" | "pulls"> }) {}

  async list(userId: string): Promise<OpenAiModel[]> {
    const agents = await listAgents(this.deps.db, userId);
    const ids = agentIdsOf(agents);
    const out: OpenAiModel[] = agents.map((agent) => ({
      id: ids.get(agent.id) ?? `${AGENT_MODEL_PREFIX}${agent.id}`,
      object: "model",
      created: seconds(agent.createdAt),
      owned_by: "neuroos",
      name: agent.name,
      description: agent.description,
    }));
    const { providers } = await this.deps.llm.statuses.providers(userId);
    const installed = new Set(this.deps.llm.pulls.list().flatMap((m) => (m.installed ? [m.name] : [])));
    for (const provider of providers) {
      if (!provider.configured) continue;
      const models =
        provider.id === "local" ? provider.models.filter((m) => installed.has(m)) : provider.models;
      for (const model of models)
        out.push({
          id: `${provider.id}/${model}`,
          object: "model",
          created: this.bootedAt,
          owned_by: provider.id,
        });
    }
    return out;
  }

  /**
   * What a model id stands for: an agent of the person's (`agent:<name>` or `agent:<id>`; another
   * person's is unknown alike) or `<provider>/<model>` (any model the provider knows; an
   * unconfigured provider is refused by the gateway in words). Anything else is a 400.
   */
  async resolve(userId: string, id: string): Promise<ModelTarget> {
    if (id.startsWith(AGENT_MODEL_PREFIX)) {
      const agent = await this.agent(userId, id.slice(AGENT_MODEL_PREFIX.length), id);
      return {
        config: {
          ...(agent.provider ? { provider: agent.provider } : {}),
          ...(agent.model ? { model: agent.model } : {}),
          temperature: agent.temperature,
        },
        system: agent.systemPrompt || null,
      };
    }
    const slash = id.indexOf("/");
    const provider = providerIdSchema.safeParse(id.slice(0, slash));
    const model = id.slice(slash + 1).trim();
    if (slash < 0 || !provider.success || !model) throw unknownModel(id);
    return { config: { provider: provider.data, model }, system: null };
  }

  private async agent(userId: string, key: string, id: string): Promise<Agent> {
    const agents = await listAgents(this.deps.db, userId);
    if (isUuid(key)) {
      const byId = agents.find((agent) => agent.id === key);
      if (byId) return byId;
    }
    const exact = agents.filter((agent) => agent.name === key);
    const named = exact.length
      ? exact
      : agents.filter((agent) => agent.name.toLowerCase() === key.toLowerCase());
    if (named.length > 1)
      throw new AppError(
        400,
        "validation_failed",
        `Several of your agents are named '${key}': name one by its id (GET /v1/models lists them)`,
        { model: "Ambiguous agent name" },
      );
    if (!named[0]) throw unknownModel(id);
    return named[0];
  }
}

/** Each agent's model id by the agent's id: `agent:<name>` while no other of the person's agents has that name (in any case), else `agent:<id>`. */
function agentIdsOf(agents: readonly Agent[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const agent of agents) {
    const key = agent.name.toLowerCase();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map(
    agents.map((agent) => [
      agent.id,
      `${AGENT_MODEL_PREFIX}${counts.get(agent.name.toLowerCase()) === 1 ? agent.name : agent.id}`,
    ]),
  );
}
