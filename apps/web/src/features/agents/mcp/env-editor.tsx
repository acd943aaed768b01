import { MCP_ENV_MASK } from "@neuroos/contracts";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
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
  const set = (index: number, patch: Partial<HeaderRow>) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Environment variables (optional)</legend>
      <p className="text-xs text-muted-foreground">
        For example an API key: <code>API_KEY</code>. Values are stored encrypted and never shown again; a
        stored one shows as {MCP_ENV_MASK} and is kept unless you type a new value.
      </p>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            name={`env-name-${index}`}
            label={`Variable ${index + 1} name`}
            value={row.name}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set(index, { name: e.target.value })}
          />
          <TextField
            name={`env-value-${index}`}
            label={`Variable ${index + 1} value`}
            type="password"
            autoComplete="off"
            value={row.value}
            onFocus={(e) => (row.value === MCP_ENV_MASK ? e.target.select() : undefined)}
            onChange={(e) => set(index, { value: e.target.value })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove variable ${index + 1}`}
            onClick={() => onRowsChange(rows.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() => onRowsChange([...rows, { name: "", value: "" }])}
      >
        <Plus aria-hidden="true" />
        Add variable
      </Button>
      {error ? <p className="text-sm text-danger-text">{error}</p> : null}
    </fieldset>
  );
}
