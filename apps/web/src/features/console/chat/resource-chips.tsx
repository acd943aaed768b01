import type { McpResourceContent } from "@neuroos/contracts";
import { FileText, X } from "lucide-react";
import { useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { formatBytes } from "@/lib/format";

export const chipClass =
  "inline-flex max-w-full items-center gap-1.5 rounded-full border border-border bg-muted px-2.5 py-1 text-xs text-foreground";

const label = (r: McpResourceContent) => `${r.name} · ${r.server} · ${formatBytes(r.bytes)}`;

/** A resource waiting in the composer, with a button to take it off. */
export function ComposerResourceChip({
  resource,
  onRemove,
}: {
  resource: McpResourceContent;
  onRemove: () => void;
}) {
  return (
    <li className={chipClass} title={resource.uri}>
      <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 truncate">{label(resource)}</span>
      <button
        type="button"
        aria-label={`Remove ${resource.name}`}
        onClick={onRemove}
        className="-mr-1 rounded-full p-0.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
}

/** The resources sent with a message, as chips; each opens what was sent. */
export function MessageResources({ resources }: { resources: readonly McpResourceContent[] }) {
  const [open, setOpen] = useState<McpResourceContent | null>(null);
  // The dialog has no trigger of its own: focus goes back to the chip that opened it by hand.
  const opener = useRef<HTMLElement | null>(null);
  const close = () => {
    setOpen(null);
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };
  return (
    <>
      <ul aria-label="Attached resources" className="mt-2 flex flex-wrap gap-1.5">
        {resources.map((resource) => (
          <li key={`${resource.serverId} ${resource.uri}`} className="max-w-full">
            <button
              type="button"
              className={`${chipClass} hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring`}
              title={resource.uri}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(resource);
              }}
            >
              <FileText className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 truncate">{label(resource)}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && close()}
        title={open?.name ?? ""}
        description={open ? `${open.uri} from ${open.server}, as it was sent` : undefined}
        size="lg"
      >
        {open?.text !== null && open?.text !== undefined ? (
          <pre
            // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
            tabIndex={0}
            className="px-5 py-4 font-mono text-xs break-words whitespace-pre-wrap"
          >
            {open.text}
          </pre>
        ) : null}
        {open && open.binaryParts > 0 ? (
          <p className="px-5 py-4 text-sm text-muted-foreground">
            {open.text === null ? "Binary content" : `And ${open.binaryParts} binary part(s)`}: not shown, and
            described to the model rather than given to it.
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
