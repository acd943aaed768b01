import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { errorMessage } from "../../lib/api";
import { formatBytes } from "../../lib/format";
import { useFileContent } from "../../lib/resources/files";
import { languageOfFile } from "./file-tree";
import { useHighlight } from "./use-highlight";

/** Larger files are shown as plain text: highlighting them would stall the page. */
const HIGHLIGHT_LIMIT = 200_000;

function FileText({ path, content: raw }: { path: string; content: string }) {
  const language = languageOfFile(path);
  // A final newline ends the last line; it does not start another.
  const content = raw.endsWith("\n") ? raw.slice(0, -1) : raw;
  const highlighted = useHighlight(content, language, content.length <= HIGHLIGHT_LIMIT);
  const lines = content.split("\n").length;
  return (
    <div className="flex min-h-0 text-[13px] leading-5">
      <pre
        aria-hidden="true"
        className="shrink-0 border-r border-border bg-muted/40 px-3 py-3 text-right font-mono text-muted-foreground select-none"
      >
        {Array.from({ length: lines }, (_, i) => i + 1).join("\n")}
      </pre>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
        tabIndex={0}
        className="hljs min-w-0 flex-1 overflow-x-auto px-4 py-3 font-mono"
      >
        <code>{highlighted ?? content}</code>
      </pre>
    </div>
  );
}

/** A workspace file, read-only (GET /api/files/content). */
export function FileViewerDialog({ path, onClose }: { path: string | null; onClose: () => void }) {
  const file = useFileContent(path);
  const name = path?.split("/").at(-1) ?? "";
  const details = file.data
    ? `${path} · ${formatBytes(file.data.size)} · read-only`
    : `${path ?? ""} · read-only`;

  return (
    <Dialog
      open={path !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={name}
      description={details}
      size="lg"
    >
      {file.isPending ? (
        <Spinner label="Opening the file..." />
      ) : file.isError ? (
        <p role="alert" className="p-5 text-sm text-danger-text">
          {errorMessage(file.error, "The file could not be opened.")}
        </p>
      ) : file.data.encoding === "base64" ? (
        <p className="p-5 text-sm text-muted-foreground">
          This is a binary file ({formatBytes(file.data.size)}); it cannot be shown as text.
        </p>
      ) : file.data.content.length === 0 ? (
        <p className="p-5 text-sm text-muted-foreground">This file is empty.</p>
      ) : (
        <FileText path={file.data.path} content={file.data.content} />
      )}
    </Dialog>
  );
}
