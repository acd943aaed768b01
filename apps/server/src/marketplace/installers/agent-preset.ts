import type { agentPresetPayloadSchema } from "@neuroos/contracts";
import type { z } from "zod";
import { createAgent, deleteAgent } from "../../agents/service";
import type { Db } from "../../db/client";
import { type Installer, ignoreNotFound } from "../installer";

type Payload = z.output<typeof agentPresetPayloadSchema>;

/** An agent preset becomes one of the person's agents (Tools & Agents); uninstall deletes it. */
export function agentPresetInstaller(deps: { db: Db }): Installer<Payload> {
  return {
    describe: (p) => `Adds the agent “${p.name}” to your Tools & Agents.`,
    async install({ user, payload }) {
      const agent = await createAgent(deps.db, user.id, { ...payload, isDefault: false });
      return { agentId: agent.id };
    },
    async uninstall({ user }, effect) {
      if (typeof effect.agentId !== "string") return;
      await deleteAgent(deps.db, user.id, effect.agentId).catch(ignoreNotFound);
    },
  };
}
