import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { HostedScreen } from "@/components/app-host/hosted-screen";
import { type AppEntry, appRegistry } from "@/lib/apps/registry";
import { usePinnedApps } from "@/lib/resources/pinned-apps";
import { useAllUnsaved } from "@/lib/unsaved-changes";
import { AppWindow } from "./app-window";
import { CloseWindowQuestion } from "./close-window-question";
import { Launcher, matchApps } from "./launcher";
import { Taskbar } from "./taskbar";
import { useDesktopLayout } from "./use-desktop-layout";
import { keepLinksInWindows } from "./window-links";
import { type DesktopState, desktopReducer, emptyDesktop, type Viewport } from "./window-state";

/** The launcher lists the desktop apps and the system apps (spec: Terminal, Analytics, Settings). */
const launcherApps = appRegistry.filter(
  (a) => a.onDesktop || a.group === "system-apps" || a.id === "settings",
);
const gridApps = appRegistry.filter((a) => a.onDesktop);
const appOf = (id: string) => appRegistry.find((a) => a.id === id);

/**
 * /desktop: the registry's apps as icons, each opening its real screen in a window; a taskbar
 * with the launcher, the open windows, search, status and clock. The layout is kept per person
 * on the server and restored on the next visit.
 */
export function DesktopPage() {
  const [state, dispatch] = useReducer(desktopReducer, emptyDesktop);
  const [launcherOpen, setLauncherOpen] = useState(false);
  const [search, setSearch] = useState("");
  /** A window asked to close while it holds unsaved edits: the question stays until answered. */
  const [closing, setClosing] = useState<string | null>(null);
  const unsaved = useAllUnsaved();
  const editsIn = (id: string) => unsaved.filter((e) => e.windowId === id);
  const close = (id: string) => {
    setClosing(null);
    dispatch({ type: "close", id });
  };
  const area = useRef<HTMLDivElement>(null);
  const viewport = useCallback(
    (): Viewport => ({
      width: area.current?.clientWidth ?? window.innerWidth,
      height: area.current?.clientHeight ?? window.innerHeight,
    }),
    [],
  );
  // A layout saved on another screen is fitted to this one.
  const restore = useCallback(
    (stored: DesktopState) => dispatch({ type: "restore", state: stored, viewport: viewport() }),
    [viewport],
  );
  const layout = useDesktopLayout(state, restore);
  // Apps the person pinned from the marketplace join the grid.
  const pinned = usePinnedApps()
    .map(appOf)
    .filter((app): app is AppEntry => app !== undefined && !app.onDesktop);

  /** Opens the app (an open window of it comes to the top), or `another` window of it. */
  const launch = (app: AppEntry, another = false) => {
    dispatch({
      type: "launch",
      app: app.id,
      size: app.window,
      viewport: viewport(),
      id: crypto.randomUUID(),
      another,
    });
    setLauncherOpen(false);
    setSearch("");
  };

  const openApp = (id: string) => {
    const app = appOf(id);
    if (app) launch(app);
  };
  const onLinkClick = keepLinksInWindows(openApp);

  // Alt+` brings the next window up; the focused window gets the keyboard.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey && (event.key === "`" || event.code === "Backquote")) {
        event.preventDefault();
        dispatch({ type: "cycle" });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  const lastFocused = useRef<string | null>(null);
  useEffect(() => {
    if (state.focused === lastFocused.current) return;
    const closed = lastFocused.current !== null && !state.windows.some((w) => w.id === lastFocused.current);
    lastFocused.current = state.focused;
    const target = state.focused
      ? area.current?.querySelector<HTMLElement>(`[data-window="${state.focused}"]`)
      : null;
    if (target && !target.contains(document.activeElement)) target.focus();
    // A closed window hands the keyboard to the taskbar.
    else if (!state.focused && closed)
      document.querySelector<HTMLElement>('[aria-label="All Apps"]')?.focus();
  }, [state.focused, state.windows]);

  const windows = state.windows;
  return (
    <div className="flex h-dvh flex-col overflow-hidden bg-muted/30">
      <title>Desktop · NeuroOS</title>
      <h1 className="sr-only">Desktop</h1>
      <div ref={area} className="relative isolate min-h-0 flex-1 overflow-hidden">
        <ul aria-label="Desktop apps" className="grid grid-cols-4 content-start gap-2 p-4 sm:grid-cols-8">
          {[...gridApps, ...pinned].map((app) => {
            const Icon = app.icon;
            return (
              <li key={app.id}>
                <button
                  type="button"
                  onDoubleClick={() => launch(app)}
                  onKeyDown={(event) => {
                    if (event.key === "Enter") {
                      event.preventDefault();
                      launch(app);
                    }
                  }}
                  aria-description="Double-click or press Enter to open"
                  className="flex w-full flex-col items-center gap-1 rounded-lg p-2 text-xs hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <Icon aria-hidden="true" className="size-8" />
                  <span className="text-center">{app.title}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {layout.error ? (
          <p role="alert" className="absolute right-4 bottom-2 text-xs text-danger-text">
            {layout.error}
          </p>
        ) : null}
        {windows.map((w) => {
          const app = appOf(w.app);
          return (
            <AppWindow
              key={w.id}
              window={w}
              title={app?.title ?? w.app}
              focused={state.focused === w.id}
              onFocus={() => state.focused !== w.id && dispatch({ type: "focus", id: w.id })}
              onMinimize={() => dispatch({ type: "minimize", id: w.id })}
              onToggleMaximize={() => dispatch({ type: "toggle-maximize", id: w.id })}
              onClose={() => (editsIn(w.id).length > 0 ? setClosing(w.id) : close(w.id))}
              onNewWindow={app && !app.singleton ? () => launch(app, true) : undefined}
              onGeometry={(g) => dispatch({ type: "resize", id: w.id, ...g, viewport: viewport() })}
            >
              {app ? (
                // Links inside the window keep the tab on the desktop (see window-links.ts).
                <div className="contents" onClickCapture={onLinkClick}>
                  <HostedScreen app={app} hostId={w.id} openApp={openApp} />
                </div>
              ) : (
                <p className="p-4 text-sm text-muted-foreground">This app is not available.</p>
              )}
              {closing === w.id ? (
                <CloseWindowQuestion
                  title={app?.title ?? w.app}
                  edits={editsIn(w.id)}
                  onStay={() => setClosing(null)}
                  onClose={() => close(w.id)}
                />
              ) : null}
            </AppWindow>
          );
        })}
      </div>
      <Taskbar
        windows={windows}
        focused={state.focused}
        appOf={appOf}
        onToggle={(id) => dispatch({ type: "toggle-minimize", id })}
        onOpenLauncher={() => setLauncherOpen(true)}
        search={launcherOpen ? "" : search}
        onSearch={setSearch}
        onSearchEnter={() => {
          const first = matchApps(launcherApps, search)[0];
          if (first) launch(first);
        }}
      />
      <Launcher
        open={launcherOpen}
        onOpenChange={(open) => {
          setLauncherOpen(open);
          if (!open) setSearch("");
        }}
        apps={launcherApps}
        search={search}
        onSearch={setSearch}
        onLaunch={(app) => launch(app)}
        openWindows={windows.map((w) => ({ id: w.id, title: appOf(w.app)?.title ?? w.app }))}
        onShowWindow={(id) => {
          dispatch({ type: "focus", id });
          setLauncherOpen(false);
        }}
      />
    </div>
  );
}
