import type { ProviderInfo, ProviderStatus } from "@neuroos/contracts";
import { Network } from "lucide-react";
import { errorMessage } from "@/lib/api";
import { useProviderStatus, useProviders } from "@/lib/resources/providers";
import { PanelQuery, PanelSection } from "./panel-section";
import { StatusBadge, type StatusTone } from "./status-badge";

const statusView: Record<ProviderStatus["status"], { tone: StatusTone; label: string }> = {
  active: { tone: "success", label: "Active" },
  unconfigured: { tone: "neutral", label: "Not configured" },
  invalid_key: { tone: "danger", label: "Invalid key" },
  rate_limited: { tone: "warning", label: "Rate limited" },
  unreachable: { tone: "neutral", label: "Unreachable" },
  error: { tone: "danger", label: "Error" },
};

function ProviderItem({ provider, isDefault }: { provider: ProviderInfo; isDefault: boolean }) {
  const status = useProviderStatus(provider.id);
  // A check that fails counts as not active (product spec section 4).
  const view = status.isPending
    ? { tone: "neutral" as const, label: "Checking..." }
    : status.isError
      ? { tone: "neutral" as const, label: "Not active" }
      : statusView[status.data.status];
  const detail = status.isError
    ? errorMessage(status.error, "The status check failed.")
    : status.data?.detail;
  return (
    <li className="grid gap-0.5 rounded-lg px-1 py-1.5">
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm font-medium">
          {provider.name}
          {isDefault ? (
            <span className="ml-1.5 text-[11px] font-normal text-muted-foreground">(default)</span>
          ) : null}
        </span>
        <StatusBadge tone={view.tone}>{view.label}</StatusBadge>
      </div>
      {detail ? (
        <p className="line-clamp-2 text-xs leading-snug text-muted-foreground" title={detail}>
          {detail}
        </p>
      ) : null}
    </li>
  );
}

/** Each model provider's live status (GET /api/llm/providers/:provider/status). */
export function NetworkServicesPanel() {
  const providers = useProviders();
  return (
    <PanelSection
      id="network-services"
      title="Network Services"
      icon={<Network className="size-3.5" aria-hidden="true" />}
    >
      <PanelQuery
        query={providers}
        loading="Listing services..."
        failed="The services could not be listed."
        empty="No services are known."
        isEmpty={(data) => data.providers.length === 0}
      >
        {(data) => (
          <ul aria-label="Network services" className="grid gap-1">
            {data.providers.map((provider) => (
              <ProviderItem
                key={provider.id}
                provider={provider}
                isDefault={provider.id === data.defaultProvider}
              />
            ))}
          </ul>
        )}
      </PanelQuery>
    </PanelSection>
  );
}
