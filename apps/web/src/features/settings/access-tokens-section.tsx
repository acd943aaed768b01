import type { AccessTokenScope, AccessTokenSummary, CreatedAccessToken } from "@neuroos/contracts";
import { Copy, KeyRound, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api";
import { formatDate } from "@/lib/format";
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from "@/lib/resources/access-tokens";
import { toast } from "@/lib/toast";
import { CheckboxField } from "./fields";
import { RevokeDialog } from "./revoke-dialog";

const scopeText: Record<AccessTokenScope, string> = {
  read: "Read-only: list, read and search files",
  full: "Full: also write files and run code and commands; chat through /v1",
  models: "Models only: chat with your agents and models through /v1 (no files)",
};

/** Settings: personal access tokens for NeuroOS's MCP server (/mcp), made, shown once, revoked. */
export function AccessTokensSection() {
  const tokens = useAccessTokens();
  const [made, setMade] = useState<CreatedAccessToken | null>(null);
  const [revoking, setRevoking] = useState<AccessTokenSummary | null>(null);
  const revoke = useRevokeAccessToken();
  return (
    <Card className="grid gap-4 p-4 sm:p-6" aria-labelledby="tokens-heading" role="region">
      <div className="grid gap-1">
        <h2 id="tokens-heading" className="text-lg font-semibold">
          Access tokens (MCP)
        </h2>
        <p className="text-sm text-muted-foreground">
          Let other AI apps and IDEs use your workspace through NeuroOS's MCP server at{" "}
          <code className="break-all">{`${window.location.origin}/mcp`}</code>, and your agents and models
          from any OpenAI client at <code className="break-all">{`${window.location.origin}/v1`}</code>. A
          token is shown once; keep it like a password.
        </p>
      </div>
      <TokenForm onMade={setMade} />
      {made ? <MadeToken token={made} onDone={() => setMade(null)} /> : null}
      {tokens.isPending ? (
        <Spinner label="Loading tokens…" />
      ) : tokens.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(tokens.error, "The tokens could not be loaded.")}
        </p>
      ) : tokens.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No access tokens yet.</p>
      ) : (
        <ul aria-label="Access tokens" className="grid gap-2">
          {tokens.data.map((token) => (
            <li key={token.id} className="flex items-start gap-2 rounded-md border border-border p-3">
              <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <p className="min-w-0 flex-1 break-words text-sm">
                <span className="font-medium">{token.name}</span>{" "}
                <code className="text-xs text-muted-foreground">{token.prefix}…</code>
                <span className="block text-xs text-muted-foreground">
                  {scopeText[token.scope]}
                  {token.requireApproval ? " · asks in the console before writes and runs" : ""} · made{" "}
                  {formatDate(token.createdAt)} ·{" "}
                  {token.lastUsedAt ? `last used ${formatDate(token.lastUsedAt)}` : "never used"}
                </span>
              </p>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Revoke ${token.name}`}
                onClick={() => setRevoking(token)}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RevokeDialog
        target={revoking}
        title="Revoke this token?"
        description={`Apps using “${revoking?.name ?? ""}” lose access at once.`}
        revoke={revoke}
        done="Token revoked"
        onClose={() => setRevoking(null)}
      />
    </Card>
  );
}

function TokenForm({ onMade }: { onMade: (token: CreatedAccessToken) => void }) {
  const create = useCreateAccessToken();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<AccessTokenScope>("read");
  const [requireApproval, setRequireApproval] = useState(false);
  const [error, setError] = useState<string>();
  const scopeId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError("Name the token, e.g. the app that will use it");
    create.mutate(
      { name: name.trim(), scope, requireApproval: scope === "full" && requireApproval },
      {
        onSuccess: (token) => {
          setError(undefined);
          setName("");
          setRequireApproval(false);
          onMade(token);
        },
        onError: (err) => setError(errorMessage(err, "The token could not be made.")),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="min-w-0 flex-1 basis-48">
        <TextField
          name="token-name"
          label="Token name"
          value={name}
          maxLength={100}
          error={error}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={scopeId} className="text-sm font-medium">
          Access
        </label>
        <select
          id={scopeId}
          value={scope}
          onChange={(e) => setScope(e.target.value as AccessTokenScope)}
          className="h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
        >
          <option value="read">Read-only</option>
          <option value="full">Full</option>
          <option value="models">Models only (/v1)</option>
        </select>
      </div>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Making…" : "Make token"}
      </Button>
      {scope === "full" ? (
        <div className="basis-full">
          <CheckboxField
            label="Ask me in the console before writes and runs"
            description="An app using this token waits for your approval in the console before it writes a file or runs code or a command; without an answer in time, the call is refused."
            checked={requireApproval}
            onCheckedChange={setRequireApproval}
          />
        </div>
      ) : null}
    </form>
  );
}

function MadeToken({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const copy = async () => {
    await navigator.clipboard?.writeText(token.token).catch(() => undefined);
    toast({ title: "Copied" });
  };
  return (
    <div role="status" className="grid gap-2 rounded-md border border-success p-3">
      <p className="text-sm font-medium">
        Your new token “{token.name}”. Copy it now: it is not shown again.
      </p>
      <code data-testid="new-access-token" className="break-all rounded bg-muted p-2 text-xs">
        {token.token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={copy}>
          <Copy aria-hidden="true" />
          Copy
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
