import { settingsApi } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../auth/session";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import { getSettings, type SettingsDeps, updateSettings } from "./service";

/** GET/PUT /api/settings: the user's model settings; API keys go in, only masks come out. */
export async function settingsRoutes(
  app: FastifyInstance,
  deps: SettingsDeps & { onChange?: (userId: string) => void },
): Promise<void> {
  app.addHook("onRequest", requireSession(deps.db));

  app.get(settingsApi.get.path, async (request) => getSettings(deps.db, deps.box, currentUser(request).id));

  app.put(settingsApi.update.path, async (request) => {
    const input = parse(settingsApi.update.body, request.body);
    const saved = await updateSettings(deps, currentUser(request).id, input);
    deps.onChange?.(currentUser(request).id);
    return saved;
  });
}
