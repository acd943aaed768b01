import { executionLogStatusSchema, executionLogTypeSchema, type MetricsSample } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type ChartSeries, LineChart } from "@/components/ui/line-chart";
import { Spinner } from "@/components/ui/spinner";
import { formatBytes, formatClock } from "@/lib/format";
import { logsKeyOf, systemApi } from "@/lib/resources/system";
import { useLiveMetrics } from "./use-live-metrics";

const PROVIDER_COLORS = ["#6366f1", "#10b981", "#f59e0b", "#ef4444", "#0ea5e9"];
const LOG_TYPES = ["all", ...executionLogTypeSchema.options] as const;
const LOG_STATUSES = ["all", ...executionLogStatusSchema.options] as const;

/** Per-provider series of a per-provider count (one colour each, in a stable order). */
function perProvider(
  samples: MetricsSample[],
  pick: (s: MetricsSample) => Record<string, number>,
): ChartSeries[] {
  const providers = [...new Set(samples.flatMap((s) => Object.keys(pick(s))))].sort();
  return providers.map((p, i) => ({
    label: p,
    color: PROVIDER_COLORS[i % PROVIDER_COLORS.length] ?? "currentColor",
    values: samples.map((s) => pick(s)[p] ?? 0),
  }));
}

function Panel({ title, value, children }: { title: string; value: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2 rounded-lg border border-border bg-card p-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="text-sm font-medium">{title}</h2>
        <span className="text-sm tabular-nums">{value}</span>
      </div>
      {children}
    </section>
  );
}

/**
 * Analytics: a live monitor of the server (CPU, memory, connections, requests, sandbox jobs,
 * model calls and tokens per provider over the last ten minutes, pushed over the live channel)
 * and the person's execution log with filters.
 */
export function AnalyticsPage() {
  const { samples, connected } = useLiveMetrics();
  const latest = samples.at(-1);
  const line = (label: string, pick: (s: MetricsSample) => number, color = "var(--color-primary)") => [
    { label, color, values: samples.map(pick) },
  ];
  const memoryPercent = (s: MetricsSample) => (s.memoryTotal ? (s.memoryUsed / s.memoryTotal) * 100 : 0);
  const calls = perProvider(samples, (s) => s.modelCalls);
  const tokens = perProvider(samples, (s) => s.tokens);
  const sum = (r: Record<string, number> | undefined) => Object.values(r ?? {}).reduce((a, b) => a + b, 0);
  const minutes = samples.length > 1 ? Math.round(((latest?.at ?? 0) - (samples[0]?.at ?? 0)) / 60_000) : 0;

  // Laid out by its own width (container queries): a desktop window is narrower than the screen.
  return (
    <div className="@container w-full min-w-0">
      <div className="mx-auto grid w-full min-w-0 max-w-5xl grid-cols-1 gap-4 p-4 @xl:p-6">
        <title>Analytics · NeuroOS</title>
        <div className="flex flex-wrap items-baseline gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">Analytics</h1>
          <p className="text-sm text-muted-foreground" role="status">
            {!latest
              ? connected
                ? "Waiting for the first sample..."
                : "Connecting to the server..."
              : `Live · a sample every 2 s · the last ${Math.max(1, minutes)} min · updated ${formatClock(latest.at)}`}
          </p>
        </div>
        {!latest ? (
          <Spinner label="Measuring..." />
        ) : (
          <div className="grid gap-3 @xl:grid-cols-2 @4xl:grid-cols-3">
            <Panel title="CPU" value={`${latest.cpu.toFixed(1)}%`}>
              <LineChart
                series={line("CPU", (s) => s.cpu)}
                max={100}
                unit="%"
                summary={`CPU ${latest.cpu.toFixed(1)}%`}
              />
            </Panel>
            <Panel
              title="Memory"
              value={`${formatBytes(latest.memoryUsed)} of ${formatBytes(latest.memoryTotal)}`}
            >
              <LineChart
                series={line("Memory", memoryPercent, "#10b981")}
                max={100}
                unit="%"
                summary={`Memory ${memoryPercent(latest).toFixed(1)}% used`}
              />
            </Panel>
            <Panel title="Live connections" value={String(latest.connections)}>
              <LineChart
                series={line("Connections", (s) => s.connections, "#0ea5e9")}
                summary={`${latest.connections} live connections`}
              />
            </Panel>
            <Panel title="Requests per 2 s" value={String(latest.requests)}>
              <LineChart
                series={line("Requests", (s) => s.requests, "#f59e0b")}
                summary={`${latest.requests} requests in the last 2 s`}
              />
            </Panel>
            <Panel title="Sandbox jobs running" value={String(latest.sandboxJobs)}>
              <LineChart
                series={line("Jobs", (s) => s.sandboxJobs, "#ef4444")}
                summary={`${latest.sandboxJobs} sandbox jobs running`}
              />
            </Panel>
            <Panel
              title="Model calls per provider"
              value={`${samples.reduce((n, s) => n + sum(s.modelCalls), 0)} in view`}
            >
              {calls.length ? (
                <LineChart
                  series={calls}
                  summary={calls
                    .map((c) => `${c.label}: ${c.values.reduce((a, b) => a + b, 0)} calls`)
                    .join(", ")}
                />
              ) : (
                <p className="text-xs text-muted-foreground">No model calls in the last minutes.</p>
              )}
            </Panel>
            <Panel
              title="Tokens per provider"
              value={`${samples.reduce((n, s) => n + sum(s.tokens), 0)} in view`}
            >
              {tokens.length ? (
                <LineChart
                  series={tokens}
                  summary={tokens
                    .map((c) => `${c.label}: ${c.values.reduce((a, b) => a + b, 0)} tokens`)
                    .join(", ")}
                />
              ) : (
                <p className="text-xs text-muted-foreground">No tokens in the last minutes.</p>
              )}
            </Panel>
          </div>
        )}
        <ExecutionLogList />
      </div>
    </div>
  );
}

/** The person's execution log (the newest 200), filtered by type and status. */
function ExecutionLogList() {
  const [type, setType] = useState<(typeof LOG_TYPES)[number]>("all");
  const [status, setStatus] = useState<(typeof LOG_STATUSES)[number]>("all");
  const logs = useQuery({
    queryKey: logsKeyOf(200),
    queryFn: () => systemApi.logs(200),
    refetchInterval: 5000,
  });
  const shown = (logs.data ?? []).filter(
    (l) => (type === "all" || l.type === type) && (status === "all" || l.status === status),
  );
  const select =
    "h-8 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring";
  return (
    <section aria-label="Execution log" className="grid grid-cols-1 gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="mr-auto text-lg font-semibold">Execution log</h2>
        <label className="flex items-center gap-1 text-sm">
          Type
          <select
            className={select}
            value={type}
            onChange={(e) => setType(e.currentTarget.value as typeof type)}
          >
            {LOG_TYPES.map((t) => (
              <option key={t} value={t}>
                {t === "all" ? "All types" : t.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-sm">
          Status
          <select
            className={select}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
          >
            {LOG_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === "all" ? "All statuses" : s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {logs.isPending ? (
        <Spinner label="Loading the log..." />
      ) : shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing in the log matches.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-1 text-sm">
          {shown.map((l) => (
            <li key={l.id} className="flex flex-wrap gap-x-3 rounded-md border border-border px-2 py-1">
              <time className="text-muted-foreground tabular-nums" dateTime={l.timestamp}>
                {formatClock(l.timestamp)}
              </time>
              <span>{l.type.replaceAll("_", " ")}</span>
              <span className={l.status === "error" ? "text-danger-text" : ""}>{l.status}</span>
              <span className="min-w-0 flex-1 truncate font-mono text-xs" title={l.command}>
                {l.command}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
