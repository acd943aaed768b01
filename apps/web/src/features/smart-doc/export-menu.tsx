import { FileDown } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { exportDocument } from "@/lib/resources/exports";
import { toast } from "@/lib/toast";
import { downloadFile, downloadText, fileNameOf } from "../app-kit";

type Format = "pdf" | "docx" | "md";
const labels: Record<Format, string> = { pdf: "PDF", docx: "DOCX", md: "Markdown" };

/** Exports the document: PDF and DOCX made by the server, Markdown as written. */
export function ExportButtons({
  title,
  markdown,
  fallback,
}: {
  title: string;
  markdown: string;
  fallback: string;
}) {
  const [busy, setBusy] = useState<Format | null>(null);
  const exportAs = async (format: Format) => {
    const name = fileNameOf(title, format, fallback);
    setBusy(format);
    try {
      if (format === "md") downloadText(name, markdown, "text/markdown");
      else {
        downloadFile(name, await exportDocument(format, { title, markdown }));
      }
      toast({ title: "Exported", description: `${name} was downloaded.` });
    } catch (err) {
      toast({
        variant: "destructive",
        title: "Export Failed",
        description: errorMessage(err, "Could not export."),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Export</legend>
      {(Object.keys(labels) as Format[]).map((format) => (
        <Button
          key={format}
          size="sm"
          variant="outline"
          disabled={busy !== null}
          onClick={() => void exportAs(format)}
        >
          <FileDown aria-hidden="true" /> {busy === format ? "Exporting..." : `Export ${labels[format]}`}
        </Button>
      ))}
    </fieldset>
  );
}
