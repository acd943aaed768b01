import { updateSettingsSchema } from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import { parse } from "../http/errors";
import { getSettings, type SettingsDeps, updateSettings } from "./service";

/** GET/PUT /api/settings: the user's model settings; API keys go in, only masks come out. */
export async function settingsRoutes(
  app: FastifyInstance,
  deps: SettingsDeps & { onChange?: (userId: string) => void },
): Promise<void> {
  app.addHook("onRequest", requireSession(deps.db));
  const userId = (request: FastifyRequest) => request.user?.id ?? "";

  app.get("/api/settings", async (request) => getSettings(deps.db, deps.box, userId(request)));

  app.put("/api/settings", async (request) => {
    const input = parse(updateSettingsSchema, request.body);
    const saved = await updateSettings(deps, userId(request), input);
    deps.onChange?.(userId(request));
    return saved;
  });
}
