import { type KeyboardEvent, useRef } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { AppEntry } from "@/lib/apps/registry";

const COLUMNS = 4;

/** The apps whose title matches the search text (case-insensitive), in registry order. */
export function matchApps(apps: AppEntry[], text: string): AppEntry[] {
  const needle = text.trim().toLowerCase();
  return needle ? apps.filter((a) => a.title.toLowerCase().includes(needle)) : apps;
}

/**
 * Spec: the 'All Apps' overlay, a 4-column grid filtered by the search text. Enter in the search
 * opens the first match; arrow keys move through the results.
 */
export function Launcher({
  open,
  onOpenChange,
  apps,
  search,
  onSearch,
  onLaunch,
  openWindows = [],
  onShowWindow,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  apps: AppEntry[];
  search: string;
  onSearch: (text: string) => void;
  onLaunch: (app: AppEntry) => void;
  /** The open windows, to switch to (the taskbar folds them in here on a phone). */
  openWindows?: { id: string; title: string }[];
  onShowWindow?: (id: string) => void;
}) {
  const grid = useRef<HTMLUListElement>(null);
  const shown = matchApps(apps, search);
  const first = shown[0];

  const moveFocus = (event: KeyboardEvent) => {
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: COLUMNS, ArrowUp: -COLUMNS }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = at < 0 ? 0 : Math.min(buttons.length - 1, Math.max(0, at + step));
    buttons[next]?.focus();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="All Apps" size="lg">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move focus among the buttons inside */}
      <div className="grid gap-4 p-5" onKeyDown={moveFocus}>
        <input
          type="search"
          autoFocus
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && first) onLaunch(first);
          }}
          placeholder="Search apps..."
          aria-label="Search apps"
          className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        />
        {openWindows.length > 0 && onShowWindow ? (
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">Open windows</h3>
            <ul aria-label="Open windows" className="flex flex-wrap gap-1">
              {openWindows.map((w) => (
                <li key={w.id}>
                  <button
                    type="button"
                    onClick={() => onShowWindow(w.id)}
                    className="rounded-md border border-border px-2 py-1 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {w.title}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">No app matches '{search}'.</p>
        ) : (
          <ul ref={grid} aria-label="Apps" className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {shown.map((app) => {
              const Icon = app.icon;
              return (
                <li key={app.id}>
                  <button
                    type="button"
                    onClick={() => onLaunch(app)}
                    className="flex w-full flex-col items-center gap-2 rounded-lg p-3 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-60"
                  >
                    <Icon aria-hidden="true" className="size-7" />
                    <span className="text-center">{app.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">
          Alt+` switches between windows. The ✥ button of a window moves it with the arrow keys (Shift+arrows
          resize); Escape ends moving.
        </p>
      </div>
    </Dialog>
  );
}
