import { Cpu, type LucideIcon, MemoryStick, Wifi, WifiOff } from "lucide-react";
import { cn } from "@/lib/cn";
import { formatBytes } from "@/lib/format";
import { useIsConnected } from "../use-connection";
import { StatusDot, type StatusTone } from "./status-badge";
import { LLM_CORE_MODULE, useModules, useSystemStats } from "./system-api";

function Indicator({
  icon: Icon,
  label,
  value,
  tone,
  title,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  tone: StatusTone;
  title?: string;
}) {
  return (
    <li
      title={title}
      className="flex items-center gap-1.5 rounded-full border border-border bg-background/70 px-2 py-1 text-xs whitespace-nowrap sm:px-2.5"
    >
      <Icon className="size-3.5 text-muted-foreground" aria-hidden="true" />
      <span className="sr-only text-muted-foreground sm:not-sr-only">{label}:</span>
      <span className="font-medium">{value}</span>
      <StatusDot tone={tone} />
    </li>
  );
}

/**
 * CPU is Active only when the LLM Core module is active (Unknown while the server cannot be
 * asked: an earlier answer is not shown as today's); Network is Connected while the live
 * channel is up, else Limited; Memory is the server's, measured.
 */
export function HeaderIndicators({ className }: { className?: string }) {
  const modules = useModules();
  const stats = useSystemStats();
  const connected = useIsConnected();
  const core = modules.data?.find((m) => m.name === LLM_CORE_MODULE);
  const unknown = modules.isError;
  const cpuActive = !unknown && core?.status === "active";
  const memory = stats.data?.memoryUsage;
  const memoryShare = memory && memory.total > 0 ? Math.round((memory.used / memory.total) * 100) : null;

  return (
    <ul aria-label="System indicators" className={cn("flex flex-wrap items-center gap-1.5", className)}>
      <Indicator
        icon={Cpu}
        label="CPU"
        value={unknown ? "Unknown" : cpuActive ? "Active" : "Inactive"}
        tone={cpuActive ? "success" : "neutral"}
        title={core ? `${core.name}: ${core.description}` : "No LLM Core module is reported by the server"}
      />
      <Indicator
        icon={MemoryStick}
        label="Memory"
        value={memoryShare === null ? "—" : `${memoryShare}%`}
        tone={
          memoryShare === null
            ? "neutral"
            : memoryShare >= 90
              ? "danger"
              : memoryShare >= 75
                ? "warning"
                : "success"
        }
        title={
          memory
            ? `${formatBytes(memory.used)} of ${formatBytes(memory.total)} in use on the server`
            : undefined
        }
      />
      <Indicator
        icon={connected ? Wifi : WifiOff}
        label="Network"
        value={connected ? "Connected" : "Limited"}
        tone={connected ? "success" : "warning"}
      />
    </ul>
  );
}
