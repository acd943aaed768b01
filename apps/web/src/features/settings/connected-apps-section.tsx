import type { OAuthGrantSummary } from "@neuroos/contracts";
import { Plug, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { useOAuthGrants, useRevokeOAuthGrant } from "@/lib/resources/oauth";
import { RevokeDialog } from "./revoke-dialog";

const scopeText = { read: "Reads your files", full: "Full access: writes files and runs code" } as const;

/** Settings: the apps connected by OAuth (Claude, ChatGPT…), each with what it may do and a Revoke. */
export function ConnectedAppsSection() {
  const grants = useOAuthGrants();
  const revoke = useRevokeOAuthGrant();
  const [revoking, setRevoking] = useState<OAuthGrantSummary | null>(null);
  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby="connected-apps-heading" role="region">
      <div className="grid gap-1">
        <h2 id="connected-apps-heading" className="text-lg font-semibold">
          Connected apps
        </h2>
        <p className="text-sm text-muted-foreground">
          Apps you allowed on NeuroOS's consent screen, such as a Claude custom connector. Revoking one ends
          its access at once.
        </p>
      </div>
      {grants.isPending ? (
        <Spinner label="Loading connected apps…" />
      ) : grants.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(grants.error, "The connected apps could not be loaded.")}
        </p>
      ) : grants.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No connected apps.</p>
      ) : (
        <ul aria-label="Connected apps" className="grid gap-2">
          {grants.data.map((grant) => (
            <li key={grant.id} className="flex items-start gap-2 rounded-md border border-border p-3">
              <Plug aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <p className="min-w-0 flex-1 break-words text-sm">
                <span className="font-medium">{grant.clientName}</span>
                <span className="block text-xs text-muted-foreground">
                  {scopeText[grant.scope]}
                  {grant.requireApproval ? " · asks you before each change" : ""} · allowed{" "}
                  {formatDate(grant.createdAt)} ·{" "}
                  {grant.lastUsedAt ? `last used ${formatDate(grant.lastUsedAt)}` : "not used yet"}
                </span>
              </p>
              <Button variant="ghost" size="sm" onClick={() => setRevoking(grant)}>
                <Trash2 aria-hidden className="size-4" />
                <span>
                  Revoke<span className="sr-only"> {grant.clientName}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RevokeDialog
        target={revoking}
        title="Revoke this app?"
        description={`“${revoking?.clientName ?? ""}” loses access to your workspace at once; to use it again, connect it again.`}
        revoke={revoke}
        done="App disconnected"
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}
