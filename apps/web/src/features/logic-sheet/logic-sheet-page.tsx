import { SHEET_COLUMNS, SHEET_ROWS, type SheetContent, toCsv } from "@neuroos/contracts";
import { FileDown, FileUp, Sparkles } from "lucide-react";
import { type ChangeEvent, type FormEvent, useId, useMemo, useRef, useState } from "react";
import { AiActionOutput } from "@/components/ai/ai-action-output";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type AiActionFailure, useAiAction } from "@/lib/ai-action";
import { useDocument } from "@/lib/documents/use-document";
import { toast } from "@/lib/toast";
import { AppScreen, downloadText, fileNameOf, useAiSetup } from "../app-kit";
import { SheetGrid } from "./sheet-grid";
import { emptySheet, importCsv, normalizeSheet, writeBlock } from "./sheet-model";

export const DEFAULT_SHEET_TITLE = "Untitled Sheet";
const sheetDocument = {
  kind: "logic-sheet",
  defaultTitle: DEFAULT_SHEET_TITLE,
  emptyContent: emptySheet(),
  localKeys: { title: "logic-sheet-title", content: "logic-sheet-cells" },
  codec: "json",
} as const;
const generationFailed: AiActionFailure = {
  title: "Generation Failed",
  description: "Could not generate table. Please try again.",
};
const GRID = `${SHEET_ROWS} rows × ${SHEET_COLUMNS} columns`;

/** LogicSheet: a 10 × 6 sheet with sums, generated from a prompt, imported and exported as CSV. */
export function LogicSheetPage() {
  const doc = useDocument<SheetContent>(sheetDocument);
  const sheet = useMemo(() => normalizeSheet(doc.content), [doc.content]);
  const ai = useAiSetup("Generate");
  const generate = useAiAction("generate_table", generationFailed);
  const [prompt, setPrompt] = useState("");
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const onGenerate = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim()) {
      toast({
        variant: "destructive",
        title: "No Prompt",
        description: "Please enter a prompt to generate a table",
      });
      return;
    }
    if (!ai.ready()) return;
    const result = await generate.run(prompt);
    if (result?.kind !== "table") return;
    doc.setContent(writeBlock(emptySheet(), 0, 0, result.rows));
    const size = `${result.rows.length} rows × ${Math.max(...result.rows.map((r) => r.length))} columns`;
    toast({
      title: "Table Generated",
      description: result.cut ? `${size}: the model's table was cut to ${GRID}.` : size,
    });
  };

  const exportCsv = () => {
    const name = fileNameOf(doc.title, "csv", DEFAULT_SHEET_TITLE);
    downloadText(name, toCsv(sheet), "text/csv");
    toast({ title: "Exported", description: `${name} was downloaded.` });
  };

  const onImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    const looksCsv = /\.(csv|txt)$/i.test(file.name) || /^text\/(csv|plain)/.test(file.type);
    const result = looksCsv
      ? importCsv(await file.arrayBuffer(), file.name)
      : ({ ok: false, reason: `${file.name} is not a CSV file: choose a .csv file.` } as const);
    if (!result.ok) {
      toast({ variant: "destructive", title: "Import Failed", description: result.reason });
      return;
    }
    doc.setContent(writeBlock(emptySheet(), 0, 0, result.rows));
    toast({
      title: "Imported",
      description: result.cut
        ? `${file.name} is larger than the sheet: only its first ${GRID} were imported.`
        : `${file.name}: ${result.rows.length} rows.`,
    });
  };

  return (
    <AppScreen
      title="LogicSheet"
      document={doc}
      noun="sheet"
      defaultTitle={DEFAULT_SHEET_TITLE}
      setup={ai.notice}
    >
      <form onSubmit={(e) => void onGenerate(e)} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor={`${id}-prompt`}>Describe a table</Label>
          <Input
            id={`${id}-prompt`}
            value={prompt}
            maxLength={2000}
            placeholder="e.g. monthly budget for a student"
            onChange={(e) => setPrompt(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" disabled={generate.status === "running"}>
          <Sparkles aria-hidden="true" /> Generate
        </Button>
      </form>
      <AiActionOutput
        label="Generated table"
        status={generate.status}
        text={generate.text}
        error={generate.error}
        onStop={generate.stop}
      />
      <p className="text-xs text-muted-foreground">
        Arrows move, Enter edits, Tab goes right, Escape cancels; Shift+arrows select, Ctrl+C and Ctrl+V copy
        and paste.
      </p>
      <SheetGrid
        sheet={sheet}
        onChange={doc.setContent}
        onPasteCut={() =>
          toast({
            title: "Pasted in part",
            description: `The sheet is ${GRID}: what did not fit was left out.`,
          })
        }
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={exportCsv}>
          <FileDown aria-hidden="true" /> Export CSV
        </Button>
        <Button variant="outline" onClick={() => fileInput.current?.click()}>
          <FileUp aria-hidden="true" /> Import CSV
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          aria-label="CSV file to import"
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => void onImport(e)}
        />
      </div>
    </AppScreen>
  );
}
