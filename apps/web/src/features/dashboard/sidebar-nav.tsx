import { Store } from "lucide-react";
import { NavLink } from "react-router";
import { type AppEntry, appGroups, appRegistry, appsIn } from "@/lib/apps/registry";
import { cn } from "@/lib/cn";
import { usePinnedApps } from "@/lib/resources/pinned-apps";

const itemClasses = "flex items-center gap-3 rounded-md px-3 py-2 text-sm";

/** The groups the dashboard lists (the desktop's system apps are listed by the desktop). */
const sidebarGroups = appGroups.filter((group) => group.id === "system" || group.id === "apps");

type NavTarget = Pick<AppEntry, "id" | "title" | "icon" | "route">;

/**
 * The full-screen apps beyond the spec's two groups, so none is reachable only from the desktop or a
 * typed URL: the IDE, Vector Search, the NeuroEquality hub, and the marketplace (a page, not an app).
 */
const moreTargets: NavTarget[] = [
  ...["ide", "vector-search", "neuro-equality"].flatMap((id) =>
    appRegistry.filter((entry) => entry.id === id),
  ),
  { id: "marketplace", title: "Marketplace", icon: Store, route: "/marketplace" },
];

function NavItem({ entry, onNavigate }: { entry: NavTarget; onNavigate?: () => void }) {
  const Icon = entry.icon;
  return (
    <NavLink
      to={entry.route}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          itemClasses,
          "font-medium focus-visible:outline-2 focus-visible:outline-ring",
          isActive ? "bg-accent text-accent-foreground" : "text-foreground hover:bg-accent",
        )
      }
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {entry.title}
    </NavLink>
  );
}

function NavGroup({
  title,
  entries,
  onNavigate,
}: {
  title: string;
  entries: NavTarget[];
  onNavigate?: () => void;
}) {
  return (
    <div>
      <h2 className="mb-2 px-3 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {title}
      </h2>
      <ul className="grid gap-0.5">
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavItem entry={entry} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The dashboard's sections, grouped as in the spec (System, Desktop Apps), and the apps the person pinned. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const pinned = usePinnedApps()
    .map((id) => appRegistry.find((entry) => entry.id === id))
    .filter((entry): entry is AppEntry => entry !== undefined);
  return (
    <nav aria-label="Dashboard" className="grid gap-6 p-4">
      {sidebarGroups.map((group) => (
        <NavGroup
          key={group.id}
          title={group.title}
          entries={appsIn(group.id).filter((entry) => entry.sidebar !== false)}
          onNavigate={onNavigate}
        />
      ))}
      <NavGroup title="More" entries={moreTargets} onNavigate={onNavigate} />
      {pinned.length > 0 ? <NavGroup title="Pinned" entries={pinned} onNavigate={onNavigate} /> : null}
    </nav>
  );
}
