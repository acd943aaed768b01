import {
  type ChatSession,
  contextWindowOf,
  mcpServerOfTool,
  readsImages,
  type User,
} from "@neuroos/contracts";
import type { Approvals } from "../agent/approvals";
import { type EngineEvent, runEngine, type TurnEnd } from "../agent/engine";
import type { ToolRegistry } from "../agent/tools";
import { getAgent } from "../agents/service";
import type { Db } from "../db/client";
import type { EventBus } from "../live/bus";
import type { LlmGateway } from "../llm";
import { type McpTurnTools, mcpInstructionsPrompt } from "../mcp/agent-tools";
import type { MemoryService } from "../memory/service";
import { type AttachmentFiles, imagesFor } from "./attachments";
import { contextCharsFor, fitConversation } from "./history";
import { sessionMemory } from "./memory";
import * as chat from "./service";
import { type ModelChoice, turnModelOf } from "./turn-model";
import { ChatTurnStore } from "./turn-store";

export interface ChatTurnDeps {
  db: Db;
  bus: EventBus;
  gateway: LlmGateway;
  approvals: Approvals;
  tools: ToolRegistry;
  memories: MemoryService;
  /**
   * The agent's selected MCP tools for a turn (connecting only the servers they name, waiting up
   * to `waitMs` for one being connected).
   */
  mcpTools(userId: string, selected: readonly string[], waitMs?: number): Promise<McpTurnTools>;
  maxSteps: number;
  /** The person's workspace files: attached images are read from it for each turn. */
  files: AttachmentFiles;
}

/**
 * One turn of a console session: the engine runs over the stored conversation (with the
 * session's agent and its tools, and the person's memory settings); chat stores and publishes
 * what it yields.
 */
export async function runTurn(
  deps: ChatTurnDeps,
  input: {
    user: Pick<User, "id" | "plan">;
    session: ChatSession;
    signal: AbortSignal;
    /** Frees the session for the next message: before the browsers hear that the turn ended. */
    release?: () => Promise<void>;
    /** A provider and model for this turn only (regenerating a reply with another model). */
    model?: ModelChoice;
  },
): Promise<TurnEnd> {
  const { db, bus, gateway } = deps;
  const { user, session, signal } = input;
  const sessionId = session.id;
  const agent = session.agentId ? await getAgent(db, user.id, session.agentId).catch(() => null) : null;
  const status = (state: "running" | "done" | "stopped" | "error", detail: string) => {
    if (agent) bus.publish(user.id, { type: "agent_status", sessionId, state, detail });
  };
  const store = new ChatTurnStore(db, bus, user.id, sessionId);
  let end: TurnEnd = "error";
  let cutShort = false;
  try {
    const access = await gateway.access(user.id);
    status("running", agent ? `${agent.name} is working` : "");
    // The conversation is read once; the turn appends what it stores.
    const history = await chat.messagesOf(db, sessionId); // the session was checked as the user's
    const memory = await sessionMemory(deps, user.id, history, access.preferences.memory);
    const selected = agent?.tools ?? [];
    const mcp = await deps.mcpTools(user.id, selected);
    // A selected MCP tool its server cannot give now is told in the run (and to the model).
    for (const gone of mcp.unavailable)
      history.push(await store.notice("mcp_unavailable", unavailableText(gone)));
    const builtIn = selected.flatMap((name) => deps.tools.get(name) ?? []);
    const agentTools = [...builtIn, ...mcp.tools];
    // An MCP server's tools as they are at each step (a server may say its tools changed).
    const toolsNow = selected.some((name) => mcpServerOfTool(name) !== null)
      ? async () => [...builtIn, ...(await deps.mcpTools(user.id, selected, 0)).tools, ...memory.tools]
      : undefined;
    const target = turnModelOf(gateway, access, session, agent, input.model);
    // What is sent is bounded by the model's window; how many older messages were left out goes
    // with the reply, so the console can say so.
    const contextChars = contextCharsFor(contextWindowOf(target.provider, target.model));
    // Attached images go to a model that reads them (read again from the workspace for the turn).
    const images = readsImages(target.provider, target.model)
      ? await imagesFor(deps.files, user, history)
      : new Map();
    let dropped = 0;
    const events = runEngine(gateway, {
      user,
      sessionId,
      system: [agent?.systemPrompt, mcpInstructionsPrompt(mcp.instructions), memory.prompt]
        .filter(Boolean)
        .join("\n\n"),
      conversation: () => {
        const fitted = fitConversation(memory.visible(history), contextChars, images);
        dropped = fitted.dropped;
        return fitted.messages;
      },
      tools: [...agentTools, ...memory.tools],
      toolsNow,
      config: target.config,
      access,
      safeMode: access.preferences.safeMode || (agent?.safeMode ?? true),
      maxSteps: deps.maxSteps,
      signal,
      approve: (subject, signal) => deps.approvals.request(user.id, subject, signal),
    });
    for await (const event of events) {
      if (event.type === "reply" && dropped > 0) event.meta = { ...event.meta, contextDropped: dropped };
      const kept = await store.handle(event);
      if (kept) history.push(kept);
      if (event.type === "end") end = event.reason;
      if (event.type === "notice") cutShort = true;
    }
  } catch (err) {
    end = signal.aborted ? "stopped" : "error";
    if (!signal.aborted) await store.handle(endWith(err, deps.maxSteps)).catch(() => {});
  }
  await input.release?.().catch(() => {});
  if (end === "stopped") status("stopped", "Stopped");
  else if (end === "step_limit") status("stopped", `Step limit (${deps.maxSteps}) reached`);
  else if (end === "error") status("error", "The model call failed");
  else status("done", cutShort ? "Done, but an answer was cut short at the token limit" : "Done");
  return end;
}

const unavailableText = (gone: McpTurnTools["unavailable"][number]) =>
  `Not available in this run: ${gone.tools.join(", ")} (MCP server "${gone.server}": ${gone.reason}).`;

const endWith = (err: unknown, maxSteps: number): EngineEvent => ({
  type: "end",
  reason: "error",
  maxSteps,
  error: err instanceof Error ? err.message : String(err),
});
