import { BatteryMedium, Grid3x3, Power, Volume2, VolumeX, Wifi, WifiLow, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { setAccessibility, useAccessibility } from "@/lib/accessibility/settings";
import type { AppEntry } from "@/lib/apps/registry";
import { cn } from "@/lib/cn";
import type { ChannelState } from "@/lib/live/live-channel";
import { useLiveChannel } from "@/lib/live/live-context";
import { createStore, useStore } from "@/lib/store";
import type { DesktopWindow } from "./window-state";

/** Spec: the clock as h:mm a (e.g. 3:07 PM), updated every second. */
export function formatTaskbarClock(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${String(date.getMinutes()).padStart(2, "0")} ${date.getHours() < 12 ? "AM" : "PM"}`;
}

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time dateTime={now.toISOString()} className="text-sm tabular-nums" data-testid="taskbar-clock">
      {formatTaskbarClock(now)}
    </time>
  );
}

/** The volume icon is the product's sound setting (sound effects on or off): a click switches it. */
function SoundToggle() {
  const on = useAccessibility().soundEffects;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label="Sound effects"
      title={on ? "Sound effects on" : "Sound effects off"}
      onClick={() => setAccessibility({ soundEffects: !on })}
      className="grid place-items-center rounded p-0.5 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      {on ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
    </button>
  );
}

interface BatteryManager extends EventTarget {
  level: number;
  charging: boolean;
}

const liveStateOf = (status: ChannelState) => status.state;
/** Before the channel's code has loaded: connecting. */
const noChannel = createStore<ChannelState>({ state: "connecting", error: null, opens: 0, gaveUp: false });

/** The network as the browser sees it and as the live connection to the server stands. */
function network(online: boolean, live: string) {
  if (!online) return { label: "Network: offline", title: "Offline", Icon: WifiOff };
  if (live === "connected")
    return { label: "Network: online, connected to NeuroOS", title: "Online", Icon: Wifi };
  const state = live === "connecting" ? "connecting to NeuroOS" : "not connected to NeuroOS";
  return { label: `Network: online, ${state}`, title: `Online, ${state}`, Icon: WifiLow };
}

/**
 * Network from the browser's online state and the live connection; battery from the Battery
 * Status API, hidden without it.
 */
function Status() {
  const [online, setOnline] = useState(() => navigator.onLine);
  const live = useStore(useLiveChannel()?.status ?? noChannel, liveStateOf);
  const [battery, setBattery] = useState<{ level: number; charging: boolean } | null>(null);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    let manager: BatteryManager | null = null;
    const read = () => manager && setBattery({ level: manager.level, charging: manager.charging });
    const getBattery = (navigator as Navigator & { getBattery?: () => Promise<BatteryManager> }).getBattery;
    void getBattery
      ?.call(navigator)
      .then((m) => {
        manager = m;
        read();
        m.addEventListener("levelchange", read);
        m.addEventListener("chargingchange", read);
      })
      .catch(() => {});
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      manager?.removeEventListener("levelchange", read);
      manager?.removeEventListener("chargingchange", read);
    };
  }, []);
  const net = network(online, live);
  return (
    <div className="flex items-center gap-2 text-muted-foreground [&_svg]:size-4">
      <span role="img" aria-label={net.label} title={net.title}>
        <net.Icon aria-hidden="true" />
      </span>
      <SoundToggle />
      {battery ? (
        <span
          role="img"
          className="flex items-center gap-1 text-xs"
          aria-label={`Battery ${Math.round(battery.level * 100)}%${battery.charging ? ", charging" : ""}`}
        >
          <BatteryMedium aria-hidden="true" />
          {Math.round(battery.level * 100)}%
        </span>
      ) : null}
    </div>
  );
}

/**
 * The taskbar: the All Apps launcher button, a button per open window (the focused one marked;
 * a click minimizes or restores it), the app search box, status, the clock and power (/dashboard).
 */
export function Taskbar({
  windows,
  focused,
  appOf,
  onToggle,
  onOpenLauncher,
  search,
  onSearch,
  onSearchEnter,
}: {
  windows: DesktopWindow[];
  focused: string | null;
  appOf: (id: string) => AppEntry | undefined;
  onToggle: (id: string) => void;
  onOpenLauncher: () => void;
  search: string;
  onSearch: (text: string) => void;
  onSearchEnter: () => void;
}) {
  return (
    <nav
      aria-label="Taskbar"
      className="flex h-12 shrink-0 items-center gap-2 border-t border-border bg-card px-2 text-foreground"
    >
      <button
        type="button"
        onClick={onOpenLauncher}
        aria-label="All Apps"
        aria-haspopup="dialog"
        className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Grid3x3 aria-hidden="true" className="size-5" />
      </button>
      {/* On a phone the window buttons fold into the launcher (its 'Open windows'). */}
      <ul className="hidden min-w-0 flex-1 gap-1 overflow-x-auto sm:flex" aria-label="Open windows">
        {windows.map((w) => {
          const app = appOf(w.app);
          const Icon = app?.icon;
          const active = focused === w.id && !w.isMinimized;
          return (
            <li key={w.id}>
              <button
                type="button"
                data-window-button={w.id}
                aria-pressed={active}
                aria-label={`${app?.title ?? w.app}${w.isMinimized ? " (minimized)" : ""}`}
                onClick={() => onToggle(w.id)}
                className={cn(
                  "flex h-9 max-w-40 items-center gap-2 rounded-md px-2 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
                  active ? "border-b-2 border-primary bg-accent" : "",
                  w.isMinimized ? "text-muted-foreground" : "",
                )}
              >
                {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
                <span className="hidden truncate sm:inline">{app?.title ?? w.app}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <span className="flex-1 sm:hidden" />
      <input
        type="search"
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") onSearchEnter();
        }}
        placeholder="Search apps..."
        aria-label="Search apps"
        className="hidden h-8 w-40 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring md:block"
      />
      <Status />
      <Clock />
      <Link
        to="/dashboard"
        aria-label="Power: leave the desktop for the dashboard"
        className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Power aria-hidden="true" className="size-4" />
      </Link>
    </nav>
  );
}
