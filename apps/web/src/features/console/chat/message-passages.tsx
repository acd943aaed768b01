import type { ChatMessage, FilePassage } from "@neuroos/contracts";
import { FileSearch } from "lucide-react";
import { type Citation, sourceCitation } from "@/components/content/citations";
import { chipClass } from "./resource-chips";

const shortPath = (citation: string) => citation.replace(/^\/home\/user\//, "");

/**
 * What "Search my files" sent with a message: the passages found, numbered as the reply cites
 * them; each opens its file at the cited lines.
 */
export function MessagePassages({
  passages,
  onCitation,
}: {
  passages: readonly FilePassage[];
  onCitation: ((c: Citation) => void) | null;
}) {
  if (passages.length === 0)
    return (
      <p className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
        <FileSearch className="size-3.5" aria-hidden="true" />
        Searched your files: nothing matched.
      </p>
    );
  return (
    <div className="mt-2 grid gap-1.5">
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <FileSearch className="size-3.5" aria-hidden="true" />
        Searched your files: {passages.length === 1 ? "1 passage" : `${passages.length} passages`} sent with
        this message
      </p>
      <ol aria-label="Passages from your files" className="flex flex-wrap gap-1.5">
        {passages.map((passage, i) => {
          const label = `[${i + 1}] ${shortPath(passage.citation)}`;
          return (
            <li key={passage.citation} className="max-w-full">
              {onCitation ? (
                <button
                  type="button"
                  className={`${chipClass} hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring`}
                  title={passage.text.slice(0, 300)}
                  onClick={() => onCitation(sourceCitation(passage.citation))}
                >
                  <span className="min-w-0 truncate">{label}</span>
                </button>
              ) : (
                <span className={chipClass}>
                  <span className="min-w-0 truncate">{label}</span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

const NO_SOURCES: readonly string[] = [];
// One array per stored message's passages: a reply's markdown is not parsed again for a new one.
const citationsOf = new WeakMap<readonly FilePassage[], readonly string[]>();
const citations = (passages: readonly FilePassage[] | undefined): readonly string[] => {
  if (!passages?.length) return NO_SOURCES;
  let list = citationsOf.get(passages);
  if (!list) {
    list = passages.map((p) => p.citation);
    citationsOf.set(passages, list);
  }
  return list;
};

/**
 * For each reply, the citations of the passages the message it answers was sent with (the last
 * user message before it), so its `[1]` opens the first. Replies to a message sent without
 * "Search my files" get none.
 */
export function sourcesByReply(messages: readonly ChatMessage[]): Map<string, readonly string[]> {
  const byReply = new Map<string, readonly string[]>();
  let sources = NO_SOURCES;
  for (const message of messages) {
    if (message.role === "user") sources = citations(message.metadata.passages);
    else if (message.role === "assistant" && sources.length > 0) byReply.set(message.id, sources);
  }
  return byReply;
}
