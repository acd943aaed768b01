import { FileDown } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { errorMessage, throwIfNotOk } from "../../lib/api";
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
        const response = await fetch(`/api/export/${format}`, {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title, markdown }),
        });
        await throwIfNotOk(response);
        downloadFile(name, await response.blob());
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
