import { Button } from "@/components/ui/button";
import { SecretRows } from "./secret-rows";
import type { HeaderRow } from "./server-draft";

/**
 * Headers sent to a remote server (an API key...): name and value per row, the value typed
 * like a password. Editing a server, the stored ones show masked until the person enters them
 * again (they are never sent back).
 */
export function HeadersEditor({
  rows,
  stored,
  replacing,
  error,
  onRowsChange,
  onReplace,
}: {
  rows: HeaderRow[];
  /** The stored headers, masked (editing), or null (adding). */
  stored: Record<string, string> | null;
  replacing: boolean;
  error?: string;
  onRowsChange: (rows: HeaderRow[]) => void;
  onReplace: () => void;
}) {
  const storedNames = stored ? Object.entries(stored) : [];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Headers (optional)</legend>
      {!replacing ? (
        <div className="grid gap-2 text-sm">
          {storedNames.length ? (
            <ul className="grid gap-1" aria-label="Stored headers">
              {storedNames.map(([name, masked]) => (
                <li key={name} className="break-all font-mono text-xs">
                  {name}: {masked}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-muted-foreground">No headers.</p>
          )}
          <p className="text-xs text-muted-foreground">
            Stored values are never shown again. To change them, enter them all anew.
          </p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={onReplace}>
            {storedNames.length ? "Replace headers" : "Add headers"}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            For example an API key: <code>Authorization</code> with <code>Bearer …</code>. Values are stored
            encrypted and shown only masked.
          </p>
          <SecretRows rows={rows} noun="Header" field="header" onRowsChange={onRowsChange} />
        </>
      )}
      {error ? <p className="text-sm text-danger-text">{error}</p> : null}
    </fieldset>
  );
}
