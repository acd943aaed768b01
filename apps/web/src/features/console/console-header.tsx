import { BrainCircuit } from "lucide-react";
import type { ReactNode } from "react";
import { useHealth } from "../system";
import { HeaderIndicators } from "./panels/header-indicators";

/** The console's title bar: name, the server's real version, the indicators and actions. */
export function ConsoleHeader({ actions, compact }: { actions?: ReactNode; compact: boolean }) {
  const health = useHealth();
  const version = health.data?.version;
  return (
    <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border bg-card px-3 py-2 sm:px-4">
      <div className="flex min-w-0 items-center gap-2.5">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary dark:text-link">
          <BrainCircuit className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-base leading-tight font-semibold">System Console</h1>
          <p className="truncate text-xs text-muted-foreground">
            LLM operating system{version ? ` · v${version}` : ""}
          </p>
        </div>
      </div>
      {compact ? null : <HeaderIndicators className="ml-auto" />}
      <div className={compact ? "ml-auto flex items-center gap-1" : "flex items-center gap-1"}>{actions}</div>
      {compact ? <HeaderIndicators className="w-full" /> : null}
    </header>
  );
}
