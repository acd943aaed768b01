import { type ComponentType, lazy, Suspense } from "react";
import { Spinner } from "../components/ui/spinner";
import { HostWindowContext } from "../lib/host-window";
import { type AppEntry, isAvailable } from "./registry";

/** Each app's screen, made lazy once and shared by every place that hosts it. */
const screens = new Map<string, ComponentType>();

function screenOf(app: AppEntry): ComponentType | null {
  if (!isAvailable(app)) return null;
  let screen = screens.get(app.id);
  if (!screen) {
    screen = lazy(app.load);
    screens.set(app.id, screen);
  }
  return screen;
}

/**
 * An app's registry screen shown inside another screen (a desktop window, a console tab): loaded
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
  const Screen = screenOf(app);
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
