import { type ComponentType, lazy, Suspense } from "react";
import type { AppEntry } from "@/lib/apps/registry";
import { type ScreenLoader, useAppScreen } from "@/lib/apps/screens";
import { HostWindowContext } from "@/lib/host-window";
import { Spinner } from "../ui/spinner";

/** Each app's screen, made lazy once and shared by every place that hosts it. */
const screens = new Map<string, ComponentType>();

function screenOf(appId: string, load: ScreenLoader | undefined): ComponentType | null {
  if (!load) return null;
  let screen = screens.get(appId);
  if (!screen) {
    screen = lazy(load);
    screens.set(appId, screen);
  }
  return screen;
}

/**
 * An app's screen shown inside another screen (a desktop window, a console tab): loaded
 * on first show, with a loading state meanwhile. `hostId` names the window, for screens that
 * keep per-window state.
 */
export function HostedScreen({
  app,
  hostId,
  openApp,
}: {
  app: AppEntry;
  hostId?: string;
  openApp?: (appId: string) => void;
}) {
  const Screen = screenOf(app.id, useAppScreen(app.id));
  if (!Screen) return <p className="p-4 text-sm text-muted-foreground">This app is not available yet.</p>;
  const screen = (
    <Suspense fallback={<Spinner label={`Opening ${app.title}...`} />}>
      <Screen />
    </Suspense>
  );
  return hostId ? (
    <HostWindowContext.Provider value={{ id: hostId, openApp }}>{screen}</HostWindowContext.Provider>
  ) : (
    screen
  );
}
