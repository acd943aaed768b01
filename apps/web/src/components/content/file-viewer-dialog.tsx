import { fileContentSchema, imageTypeOf } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Code, LoaderCircle, Pencil, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { errorMessage, HttpError } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { useFileBytes } from "@/lib/resources/file-bytes";
import { baseName, fileApi, filesKeys, useFileContent } from "@/lib/resources/files";
import { toast } from "@/lib/toast";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Spinner } from "../ui/spinner";
import { ImagePreview, isMarkdown, isPdf, MarkdownPreview, PDF_PREVIEW_MAX_BYTES } from "./file-preview";
import { languageOfFile } from "./file-tree";
import { LazyPdfFile } from "./lazy-pdf";
import { useHighlight } from "./use-highlight";

/** The version of the file on disk in a refused save's 409 (its `current`; null when it is gone). */
const diskVersionSchema = fileContentSchema.pick({ version: true });

/** Larger files are shown as plain text: highlighting them would stall the page. */
const HIGHLIGHT_LIMIT = 200_000;

/** Line height of the viewer (leading-5) and its top padding (py-3), to mark lines. */
const LINE_PX = 20;
const PAD_PX = 12;

function FileText({
  path,
  content: raw,
  lines: marked,
}: {
  path: string;
  content: string;
  lines?: { from: number; to: number } | null;
}) {
  const language = languageOfFile(path);
  // A final newline ends the last line; it does not start another.
  const content = raw.endsWith("\n") ? raw.slice(0, -1) : raw;
  const highlighted = useHighlight(content, language, content.length <= HIGHLIGHT_LIMIT);
  const lines = content.split("\n").length;
  const markRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (marked) markRef.current?.scrollIntoView({ block: "center" });
  }, [marked]);
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
      tabIndex={0}
      aria-label={`Contents of ${baseName(path)}`}
      className="relative flex min-h-0 overflow-auto text-[13px] leading-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
    >
      {marked ? (
        <div
          ref={markRef}
          data-testid="cited-lines"
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 border-y border-primary/50 bg-primary/15"
          style={{
            top: PAD_PX + (marked.from - 1) * LINE_PX,
            height: (Math.min(marked.to, lines) - marked.from + 1) * LINE_PX,
          }}
        />
      ) : null}
      <pre
        aria-hidden="true"
        className="shrink-0 border-r border-border bg-muted/40 px-3 py-3 text-right font-mono text-muted-foreground select-none"
      >
        {Array.from({ length: lines }, (_, i) => i + 1).join("\n")}
      </pre>
      <pre className="hljs min-w-0 flex-1 px-4 py-3 font-mono">
        <code>{highlighted ?? content}</code>
      </pre>
    </section>
  );
}

/**
 * A workspace file (GET /api/files/content): an image shown as one, Markdown rendered (its
 * source a toggle away), other text highlighted with line numbers; with `editable`, Edit turns it
 * into a text box and Save writes it (PUT /api/files/content). A PDF is read whole from its
 * download (any size up to PDF_PREVIEW_MAX_BYTES, no base64) and shown page by page, read-only.
 */
export function FileViewerDialog({
  path,
  onClose,
  editable = false,
  lines = null,
}: {
  path: string | null;
  onClose: () => void;
  editable?: boolean;
  /** Lines to show marked and scrolled to (a citation's). */
  lines?: { from: number; to: number } | null;
}) {
  const pdf = path !== null && isPdf(path);
  const file = useFileContent(pdf ? null : path);
  const pdfFile = useFileBytes(pdf ? path : null, PDF_PREVIEW_MAX_BYTES);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");
  /** The version the draft was started from: a save over a newer one is refused, not lost. */
  const [base, setBase] = useState<string | null>(null);
  /** A Markdown file's source shown instead of its rendering. */
  const [source, setSource] = useState(false);
  useEffect(() => {
    if (path === null) {
      setEditing(false);
      setSource(false);
    }
  }, [path]);

  const name = baseName(path ?? "");
  const isText = file.data?.encoding === "utf8";
  const save = useMutation({
    mutationFn: () => fileApi.write(path ?? "", draft, { version: base }),
    onSuccess: () => {
      toast({ title: `Saved ${name}` });
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: filesKeys.all });
    },
    onError: (error) => {
      const changed = error instanceof HttpError && error.status === 409 && error.current !== undefined;
      // Changed elsewhere: the draft stays, and saving again (having been told) replaces theirs.
      if (changed) {
        const disk = diskVersionSchema.safeParse(error.current);
        setBase(disk.success ? disk.data.version : null);
      }
      toast({
        title: "Could not save",
        description: changed
          ? `${errorMessage(error, `${name} changed elsewhere.`)} Your text is still here: save again to replace it.`
          : errorMessage(error, "Please try again."),
        variant: "destructive",
      });
    },
  });

  const bytes = pdf ? pdfFile.data?.size : file.data?.size;
  const size = bytes === undefined ? "" : ` · ${formatBytes(bytes)}`;
  const markdown = isText && !editing && isMarkdown(path ?? "");
  const sourceToggle = markdown ? (
    <Button size="sm" variant="ghost" aria-pressed={source} onClick={() => setSource(!source)}>
      <Code aria-hidden="true" /> Source
    </Button>
  ) : null;
  const editActions =
    editable && isText ? (
      editing ? (
        <Button size="sm" onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Save
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(file.data?.content ?? "");
            setBase(file.data?.version ?? null);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
      )
    ) : null;
  const actions =
    sourceToggle || editActions ? (
      <>
        {sourceToggle}
        {editActions}
      </>
    ) : null;

  return (
    <Dialog
      open={path !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={name}
      description={`${path ?? ""}${lines ? ` · lines ${lines.from}-${lines.to}` : ""}${size}${editable && !pdf ? "" : " · read-only"}`}
      size="lg"
      actions={actions}
    >
      {pdf ? (
        <LazyPdfFile path={path} file={pdfFile} />
      ) : file.isPending ? (
        <Spinner label="Opening the file..." />
      ) : file.isError ? (
        <p role="alert" className="p-5 text-sm text-danger-text">
          {errorMessage(file.error, "The file could not be opened.")}
        </p>
      ) : imageTypeOf(file.data.path) && !editing ? (
        <ImagePreview path={file.data.path} content={file.data.content} encoding={file.data.encoding} />
      ) : !isText ? (
        <p className="p-5 text-sm text-muted-foreground">
          This is a binary file ({formatBytes(file.data.size)}); it cannot be shown as text. Download it to
          open it.
        </p>
      ) : editing ? (
        <textarea
          aria-label={`Contents of ${name}`}
          className="block h-[60dvh] w-full resize-none bg-background p-4 font-mono text-sm text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          value={draft}
          spellCheck={false}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
      ) : file.data.content.length === 0 ? (
        <p className="p-5 text-sm text-muted-foreground">This file is empty.</p>
      ) : markdown && !source && !lines ? (
        <MarkdownPreview path={file.data.path} content={file.data.content} />
      ) : (
        <FileText path={file.data.path} content={file.data.content} lines={lines} />
      )}
    </Dialog>
  );
}
