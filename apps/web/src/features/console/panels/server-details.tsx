import * as Popover from "@radix-ui/react-popover";
import { DetailList } from "@/components/ui/detail-list";
import { planLabel, useSignedInUser } from "@/features/auth";
import { systemState, useHealth } from "@/features/system";
import { formatDate, formatUptime } from "@/lib/format";
import { ServerDetailsTrigger } from "./server-details-button";

const databaseNames = { pglite: "PGlite (embedded PostgreSQL)", postgres: "PostgreSQL" } as const;

/** The server's health and the signed-in account, in a popover from the console header. */
export function ServerDetails({ initiallyOpen = false }: { initiallyOpen?: boolean }) {
  const user = useSignedInUser();
  const health = useHealth();
  const data = health.data;
  const unknown = health.isPending ? "Checking..." : "Unknown";
  return (
    <Popover.Root defaultOpen={initiallyOpen}>
      <Popover.Trigger asChild>
        <ServerDetailsTrigger />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Server and account details"
          className="z-50 grid w-80 max-w-[calc(100vw-1rem)] gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-xl outline-none"
        >
          <section className="grid gap-2">
            <h2 className="text-sm font-semibold">Server</h2>
            <DetailList
              items={[
                { label: "Status", value: systemState(health) },
                { label: "Version", value: data ? `v${data.version}` : unknown },
                { label: "Uptime", value: data ? formatUptime(data.uptimeSeconds) : unknown },
                {
                  label: "Database",
                  value: data
                    ? `${databaseNames[data.database.kind]} · ${data.database.status === "up" ? "Up" : "Down"}`
                    : unknown,
                },
              ]}
            />
          </section>
          <section className="grid gap-2 border-t border-border pt-3">
            <h2 className="text-sm font-semibold">Account</h2>
            <DetailList
              items={[
                { label: "Username", value: user.username },
                { label: "Email", value: user.email },
                { label: "Plan", value: planLabel(user) },
                { label: "Member since", value: formatDate(user.createdAt) },
              ]}
            />
          </section>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
