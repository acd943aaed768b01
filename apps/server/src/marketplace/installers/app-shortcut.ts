import { PINNED_APPS_PREFERENCE, type PinnableAppId, pinnedAppsSchema } from "@neuroos/contracts";
import type { DocumentService } from "../../documents/service";
import type { Installer } from "../installer";

const pinned = (value: unknown): PinnableAppId[] => pinnedAppsSchema.catch([]).parse(value);

/** An app shortcut pins an app of the registry to the desktop and the dashboard (a preference); uninstall unpins it. */
export function appShortcutInstaller(deps: {
  documents: DocumentService;
}): Installer<{ appId: PinnableAppId }> {
  return {
    describe: () => "Pins the app to your desktop and your dashboard.",
    async install({ user, payload }) {
      await deps.documents.changePreference(user.id, PINNED_APPS_PREFERENCE, (value) => {
        const apps = pinned(value);
        return apps.includes(payload.appId) ? apps : [...apps, payload.appId];
      });
      return { appId: payload.appId };
    },
    async uninstall({ user, payload }) {
      await deps.documents.changePreference(user.id, PINNED_APPS_PREFERENCE, (value) =>
        pinned(value).filter((id) => id !== payload.appId),
      );
    },
  };
}
