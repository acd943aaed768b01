import type { ModuleStatus, SystemModule } from "@neuroos/contracts";
import { Boxes } from "lucide-react";
import { formatClock } from "@/lib/format";
import { PanelQuery, PanelSection } from "./panel-section";
import { StatusBadge, type StatusTone } from "./status-badge";
import { useModules } from "./system-api";

export const moduleTone: Record<ModuleStatus, StatusTone> = {
  active: "success",
  warning: "warning",
  error: "danger",
  inactive: "neutral",
};

const statusLabel: Record<ModuleStatus, string> = {
  active: "Active",
  warning: "Warning",
  error: "Error",
  inactive: "Inactive",
};

function ModuleItem({ module }: { module: SystemModule }) {
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-background/60 px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{module.name}</span>
        <StatusBadge tone={moduleTone[module.status]}>{statusLabel[module.status]}</StatusBadge>
      </div>
      <p className="text-xs leading-snug text-muted-foreground">{module.description}</p>
      <p className="text-[11px] text-muted-foreground">
        Checked <time dateTime={module.lastHealthCheck}>{formatClock(module.lastHealthCheck)}</time>
      </p>
    </li>
  );
}

/** The server's modules and their live health checks (GET /api/modules). */
export function ModulesPanel() {
  const modules = useModules();
  return (
    <PanelSection
      id="system-modules"
      title="System Modules"
      icon={<Boxes className="size-3.5" aria-hidden="true" />}
    >
      <PanelQuery
        query={modules}
        loading="Checking modules..."
        failed="The modules could not be checked."
        empty="No modules are registered."
        isEmpty={(list) => list.length === 0}
      >
        {(list) => (
          <ul aria-label="System modules" className="grid gap-2">
            {list.map((module) => (
              <ModuleItem key={module.id} module={module} />
            ))}
          </ul>
        )}
      </PanelQuery>
    </PanelSection>
  );
}
