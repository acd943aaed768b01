import type { ChatAttachment } from "@neuroos/contracts";
import { FileText, X } from "lucide-react";
import { formatBytes } from "@/lib/format";
import { baseName, downloadUrl } from "@/lib/resources/files";

/** The files sent with a user message: images shown small, text files as links to download. */
export function MessageAttachments({ attachments }: { attachments: readonly ChatAttachment[] }) {
  return (
    <ul aria-label="Attached files" className="mt-2 flex flex-wrap gap-2">
      {attachments.map((a) => (
        <li key={a.path}>
          <a
            href={downloadUrl(a.path)}
            download={a.name}
            className="flex items-center gap-2 rounded-md border border-border bg-background px-2 py-1 text-xs text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            {a.text === null ? (
              <img src={downloadUrl(a.path)} alt={a.name} className="size-10 rounded object-cover" />
            ) : (
              <FileText className="size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {a.name}{" "}
              <span className="text-muted-foreground">
                ({formatBytes(a.size)}
                {a.cut ? ", cut" : ""})
              </span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A file waiting in the message box, with a button to take it off. */
export function ComposerAttachmentChip({ path, onRemove }: { path: string; onRemove: () => void }) {
  const name = baseName(path);
  return (
    <li className="flex items-center gap-1 rounded-full border border-border bg-muted/50 py-0.5 pr-1 pl-2.5 text-xs">
      <FileText className="size-3.5 shrink-0" aria-hidden="true" />
      <span title={path}>{name}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name}`}
        className="rounded-full p-0.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}
