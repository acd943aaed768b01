import { MCP_ENV_MASK } from "@neuroos/contracts";
import { SecretRows } from "./secret-rows";
import type { HeaderRow } from "./server-draft";

/**
 * A local server's environment variables (an API key...): name and value per row, the value typed
 * like a password. Stored ones show their names with •••• as the value: left so, the stored value
 * is kept; typed anew, it is replaced.
 */
export function EnvEditor({
  rows,
  error,
  onRowsChange,
}: {
  rows: HeaderRow[];
  error?: string;
  onRowsChange: (rows: HeaderRow[]) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Environment variables (optional)</legend>
      <p className="text-xs text-muted-foreground">
        For example an API key: <code>API_KEY</code>. Values are stored encrypted and never shown again; a
        stored one shows as {MCP_ENV_MASK} and is kept unless you type a new value.
      </p>
      <SecretRows rows={rows} noun="Variable" field="env" masked={MCP_ENV_MASK} onRowsChange={onRowsChange} />
      {error ? <p className="text-sm text-danger-text">{error}</p> : null}
    </fieldset>
  );
}
