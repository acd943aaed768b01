import type { ExecutionLog } from "@neuroos/contracts";
import { Activity, ScrollText } from "lucide-react";
import { useSyncExternalStore } from "react";
import { formatClock } from "@/lib/format";
import { useConsole } from "../console-context";
import { type ActivityEntry, type ActivityStatus, RESULT_LIMIT, TEXT_LIMIT, truncate } from "./activity";
import { PanelNote, PanelQuery, PanelSection } from "./panel-section";
import { StatusBadge, StatusDot, type StatusTone } from "./status-badge";
import { useExecutionLogs } from "./system-api";

const entryTone: Record<ActivityStatus, StatusTone> = {
  success: "success",
  error: "danger",
  info: "neutral",
};
const logTone: Record<ExecutionLog["status"], StatusTone> = {
  success: "success",
  error: "danger",
  warning: "warning",
};

const logTypeLabel: Record<ExecutionLog["type"], string> = {
  code_execution: "Code",
  file_operation: "File",
  system_command: "Command",
  network_request: "Network",
  llm_interaction: "LLM",
};

function LiveEntry({ entry }: { entry: ActivityEntry }) {
  return (
    <li className="flex gap-2.5 py-1.5">
      <StatusDot tone={entryTone[entry.status]} className="mt-1.5" />
      <div className="min-w-0 flex-1">
        <p className="flex items-baseline gap-2 text-sm">
          <span className="min-w-0 flex-1 truncate font-medium">{entry.title}</span>
          <time
            dateTime={new Date(entry.at).toISOString()}
            className="shrink-0 text-[11px] text-muted-foreground"
          >
            {formatClock(entry.at)}
          </time>
        </p>
        {entry.detail ? <p className="text-xs break-words text-muted-foreground">{entry.detail}</p> : null}
        {entry.status === "error" ? <span className="sr-only">(error)</span> : null}
      </div>
    </li>
  );
}

function LogEntry({ log }: { log: ExecutionLog }) {
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-background/60 px-3 py-2">
      <div className="flex items-center gap-2">
        <span className="rounded bg-muted px-1.5 py-0.5 font-mono text-[11px] text-muted-foreground">
          {logTypeLabel[log.type]}
        </span>
        <time dateTime={log.timestamp} className="flex-1 text-[11px] text-muted-foreground">
          {formatClock(log.timestamp)}
        </time>
        <StatusBadge tone={logTone[log.status]}>{log.status}</StatusBadge>
      </div>
      <p className="font-mono text-xs [overflow-wrap:anywhere]">
        {truncate(log.command, TEXT_LIMIT) || "(no command)"}
      </p>
      {log.result ? (
        <p className="font-mono text-[11px] [overflow-wrap:anywhere] text-muted-foreground">
          → {truncate(log.result, RESULT_LIMIT)}
        </p>
      ) : null}
    </li>
  );
}

/** Live entries from the channel (the last 10) and the latest execution logs (every 5 s). */
export function ActivityPanel() {
  const { activity } = useConsole();
  const entries = useSyncExternalStore(activity.subscribe, activity.get, activity.get);
  const logs = useExecutionLogs();

  return (
    <div className="grid content-start gap-5 p-3">
      <PanelSection
        id="activity-live"
        title="Activity"
        icon={<Activity className="size-3.5" aria-hidden="true" />}
      >
        {entries.length === 0 ? (
          <PanelNote>Nothing yet: messages and runs appear here as they happen.</PanelNote>
        ) : (
          <ul aria-label="Live activity" className="grid divide-y divide-border">
            {entries.map((entry) => (
              <LiveEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </PanelSection>
      <PanelSection
        id="execution-log"
        title="Execution Log"
        icon={<ScrollText className="size-3.5" aria-hidden="true" />}
      >
        <PanelQuery
          query={logs}
          loading="Reading the log..."
          failed="The log could not be read."
          empty="No executions logged yet."
          isEmpty={(list) => list.length === 0}
        >
          {(list) => (
            <ul aria-label="Execution log" className="grid gap-2">
              {list.map((log) => (
                <LogEntry key={log.id} log={log} />
              ))}
            </ul>
          )}
        </PanelQuery>
      </PanelSection>
    </div>
  );
}
