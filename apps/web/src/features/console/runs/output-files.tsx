import { parseCsv } from "@neuroos/contracts";
import { Download, Eye, EyeOff, FileText } from "lucide-react";
import { useState } from "react";
import { ImagePreview, MarkdownPreview } from "@/components/content/file-preview";
import { Button, buttonClasses } from "@/components/ui/button";
import { formatBytes } from "@/lib/format";
import { baseName, downloadUrl, previewUrl, useFileContent } from "@/lib/resources/files";

type Kind = "image" | "csv" | "markdown" | "html" | null;

/** How a file is shown inline: PNG/JPEG/SVG as an image, CSV as a table, Markdown rendered, HTML on request. */
export function previewKindOf(path: string): Kind {
  const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? "";
  if (["png", "jpg", "jpeg", "svg"].includes(ext)) return "image";
  if (ext === "csv") return "csv";
  if (ext === "md" || ext === "markdown") return "markdown";
  if (ext === "html" || ext === "htm") return "html";
  return null;
}

/** Files larger than this are listed with their download link only. */
const INLINE_MAX_BYTES = 2 * 1024 * 1024;
const CSV_ROWS = 20;

/** A CSV file's first rows as a small table (the first row as its header). */
function CsvTable({ path, text }: { path: string; text: string }) {
  const rows = parseCsv(text).filter((r) => r.some((c) => c !== ""));
  const [head, ...body] = rows;
  if (!head) return <p className="px-3 py-2 text-xs text-muted-foreground">{baseName(path)} is empty.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls; keyboard users must reach it
    <div tabIndex={0} className="max-h-72 overflow-auto">
      <table className="w-full border-collapse text-xs">
        <caption className="sr-only">{baseName(path)}</caption>
        <thead>
          <tr>
            {head.map((cell, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no other identity
                key={i}
                scope="col"
                className="border border-border bg-muted px-2 py-1 text-left font-semibold"
              >
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {body.slice(0, CSV_ROWS).map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other identity
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells have no other identity
                <td key={c} className="border border-border px-2 py-1">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {body.length > CSV_ROWS ? (
        <p className="px-2 py-1 text-xs text-muted-foreground">
          First {CSV_ROWS} of {body.length} rows: download the file for the rest.
        </p>
      ) : null}
    </div>
  );
}

/**
 * An HTML file in a sandboxed frame: its scripts run, but without same-origin rights (it can
 * reach neither the page, its cookies nor the API: the server's preview policy loads nothing),
 * and no forms, pop-ups or navigation.
 */
function HtmlFrame({ path }: { path: string }) {
  return (
    <iframe
      title={`Preview of ${baseName(path)}`}
      sandbox="allow-scripts"
      src={previewUrl(path)}
      referrerPolicy="no-referrer"
      className="h-72 w-full border-0 bg-white"
    />
  );
}

function InlinePreview({ path, kind }: { path: string; kind: Exclude<Kind, null> }) {
  return kind === "html" ? <HtmlFrame path={path} /> : <ReadPreview path={path} kind={kind} />;
}

function ReadPreview({ path, kind }: { path: string; kind: Exclude<Kind, "html" | null> }) {
  const file = useFileContent(path);
  if (file.isPending)
    return <p className="px-3 py-2 text-xs text-muted-foreground">Loading {baseName(path)}...</p>;
  if (file.isError)
    return (
      <p className="px-3 py-2 text-xs text-danger-text">
        {baseName(path)} could not be read: it may have been moved or deleted.
      </p>
    );
  const { content, encoding } = file.data;
  if (kind === "image") return <ImagePreview path={path} content={content} encoding={encoding} />;
  if (encoding !== "utf8") return null;
  if (kind === "csv") return <CsvTable path={path} text={content} />;
  return <MarkdownPreview path={path} content={content} />;
}

function OutputFile({ file }: { file: { path: string; size: number } }) {
  const kind = file.size <= INLINE_MAX_BYTES ? previewKindOf(file.path) : null;
  // Images, tables and Markdown show at once; a page runs only when asked for.
  const [open, setOpen] = useState(kind !== null && kind !== "html");
  const name = baseName(file.path);
  return (
    <li className="rounded-md border border-border bg-background">
      <div className="flex flex-wrap items-center gap-2 px-2 py-1 text-xs">
        <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <span className="min-w-0 flex-1 truncate font-mono" title={file.path}>
          {file.path.replace(/^\/home\/user\//, "")}
        </span>
        <span className="text-muted-foreground">{formatBytes(file.size)}</span>
        {kind ? (
          <Button
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {open ? "Hide" : "Preview"}
            <span className="sr-only"> {name}</span>
          </Button>
        ) : null}
        <a href={downloadUrl(file.path)} download={name} className={buttonClasses("ghost", "sm")}>
          <Download aria-hidden="true" />
          Download<span className="sr-only"> {name}</span>
        </a>
      </div>
      {open && kind ? (
        <div className="border-t border-border">
          <InlinePreview path={file.path} kind={kind} />
        </div>
      ) : null}
    </li>
  );
}

/** The workspace files a run or a tool wrote, each with its download link and an inline preview. */
export function OutputFiles({ files }: { files: readonly { path: string; size: number }[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-label="Files written" className="border-t border-border px-3 py-2">
      <h4 className="mb-1 text-xs font-medium text-muted-foreground">
        {files.length === 1 ? "1 file written" : `${files.length} files written`}
      </h4>
      <ul className="flex flex-col gap-1.5">
        {files.map((file) => (
          <OutputFile key={file.path} file={file} />
        ))}
      </ul>
    </section>
  );
}
