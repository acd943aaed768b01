import type { McpServerStatus, McpServerSummary } from "@neuroos/contracts";
import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useReconnectMcpServer } from "@/lib/resources/mcp-servers";
import { toast } from "@/lib/toast";
import { StatusDot } from "../status-dot";
import { mcpStatusText } from "./mcp-status";

/** The server's state in words, beside its dot; announced when it changes. */
export function McpStatusLine({
  status,
  error,
  testId,
}: {
  status: McpServerStatus | undefined;
  /** Its state could not be read (the request failed). */
  error: string | null;
  testId?: string;
}) {
  const { tone, text } = error ? { tone: "unavailable" as const, text: error } : mcpStatusText(status);
  return (
    <span
      className="inline-flex min-w-0 items-start gap-1.5 text-xs font-medium"
      aria-live="polite"
      data-testid={testId}
    >
      <span className="mt-1">
        <StatusDot state={tone} />
      </span>
      <span className="min-w-0 break-words">{text}</span>
    </span>
  );
}

/** Connects again at once; a failure is said in a toast. */
export function ReconnectButton({ server }: { server: McpServerSummary }) {
  const reconnect = useReconnectMcpServer();
  if (!server.enabled) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={reconnect.isPending}
      aria-label={`Reconnect ${server.name}`}
      onClick={() =>
        reconnect.mutate(server.id, {
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Not reconnected",
              description: errorMessage(error, "The server could not be reconnected."),
            }),
        })
      }
    >
      <RefreshCw
        aria-hidden="true"
        className={reconnect.isPending ? "motion-safe:animate-spin" : undefined}
      />
      {reconnect.isPending ? "Reconnecting…" : "Reconnect"}
    </Button>
  );
}
