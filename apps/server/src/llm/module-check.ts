import { providerCatalog } from "@neuroos/contracts";
import type { ModuleCheck } from "../platform/module-check";
import type { Llm } from "./index";

/** LLM Core: the user's default provider answers its live check. */
export function llmCoreCheck(llm: Llm): ModuleCheck {
  return {
    id: "llm-core",
    name: "LLM Core",
    async check(userId) {
      const access = await llm.gateway.access(userId);
      const provider = access.preferences.defaultProvider;
      const { status, detail } = await llm.statuses.status(userId, provider);
      const description = `${providerCatalog[provider].name}: ${detail}`;
      if (status === "active") return { status: "active", description };
      return { status: status === "unconfigured" ? "inactive" : "error", description };
    },
  };
}
