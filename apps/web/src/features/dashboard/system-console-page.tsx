import { Database, Server, UserRound } from "lucide-react";
import { DetailList } from "../../components/ui/detail-list";
import { formatDate, formatUptime } from "../../lib/format";
import { planLabel, useSignedInUser } from "../auth/use-signed-in-user";
import { systemState, useHealth } from "../system/use-health";
import { OverviewCard } from "./overview-card";

/** How often the overview re-reads /api/health. */
const HEALTH_REFRESH_MS = 10_000;

const databaseNames = { pglite: "PGlite (embedded PostgreSQL)", postgres: "PostgreSQL" } as const;

export function SystemConsolePage() {
  const user = useSignedInUser();
  const health = useHealth({ refetchInterval: HEALTH_REFRESH_MS });
  const state = systemState(health);
  const data = health.data;
  const unknown = health.isPending ? "Checking..." : "Unknown";

  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 sm:p-6 lg:p-8">
      <title>System Console · NeuroOS</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">System Console</h1>
        <p className="mt-1 text-muted-foreground">
          Welcome back, {user.username}. Here is the state of your system.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <OverviewCard icon={Server} title="Server">
          <DetailList
            items={[
              { label: "Status", value: state },
              { label: "Version", value: data ? `v${data.version}` : unknown },
              { label: "Uptime", value: data ? formatUptime(data.uptimeSeconds) : unknown },
              {
                label: "Last checked",
                value: health.dataUpdatedAt ? new Date(health.dataUpdatedAt).toLocaleTimeString() : unknown,
              },
            ]}
          />
        </OverviewCard>
        <OverviewCard icon={Database} title="Database">
          <DetailList
            items={[
              { label: "Engine", value: data ? databaseNames[data.database.kind] : unknown },
              { label: "Status", value: data ? (data.database.status === "up" ? "Up" : "Down") : unknown },
            ]}
          />
        </OverviewCard>
        <OverviewCard icon={UserRound} title="Account">
          <DetailList
            items={[
              { label: "Username", value: user.username },
              { label: "Email", value: user.email },
              { label: "Role", value: user.role === "admin" ? "Administrator" : "User" },
              { label: "Plan", value: planLabel(user) },
              { label: "Member since", value: formatDate(user.createdAt) },
            ]}
          />
        </OverviewCard>
      </div>
    </div>
  );
}
