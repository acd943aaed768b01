import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import type { HeaderRow } from "./server-draft";

/**
 * Name and value per row (headers, environment variables), the value typed like a password, each
 * row removable, and a button to add one. `noun` names the rows ("Header 2 name"), `field` their
 * form names.
 */
export function SecretRows({
  rows,
  noun,
  field,
  onRowsChange,
  masked,
}: {
  rows: HeaderRow[];
  noun: "Header" | "Variable";
  field: string;
  onRowsChange: (rows: HeaderRow[]) => void;
  /** A value that stands for a stored one: focused, it is selected whole, to type over. */
  masked?: string;
}) {
  const set = (index: number, patch: Partial<HeaderRow>) =>
    onRowsChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <TextField
            name={`${field}-name-${index}`}
            label={`${noun} ${index + 1} name`}
            value={row.name}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => set(index, { name: e.target.value })}
          />
          <TextField
            name={`${field}-value-${index}`}
            label={`${noun} ${index + 1} value`}
            type="password"
            autoComplete="off"
            value={row.value}
            onFocus={(e) => (masked !== undefined && row.value === masked ? e.target.select() : undefined)}
            onChange={(e) => set(index, { value: e.target.value })}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
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
        Add {noun.toLowerCase()}
      </Button>
    </>
  );
}
