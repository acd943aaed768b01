import type { VectorSearchResult } from "@neuroos/contracts";
import { Badge } from "../../components/ui/badge";

/** Spec: content cut at 200 characters with an ellipsis. */
export const preview = (content: string) => (content.length > 200 ? `${content.slice(0, 200)}...` : content);
/** Spec: similarity as a percent with one decimal. */
export const percent = (similarity: number) => `${(similarity * 100).toFixed(1)}%`;

/** One result: its type, similarity, object id (with the lines of a file), content and metadata. */
export function SearchResultItem({ result }: { result: VectorSearchResult }) {
  const lines = typeof result.metadata.lines === "string" ? `:${result.metadata.lines}` : "";
  return (
    <li className="grid gap-1.5 rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">{result.objectType}</Badge>
        <span className="font-mono text-xs font-medium">{percent(result.similarity)}</span>
        <span className="min-w-0 break-all font-mono text-xs text-muted-foreground">
          {result.objectId}
          {lines}
        </span>
      </div>
      <p className="whitespace-pre-wrap break-words">{preview(result.content)}</p>
      {Object.keys(result.metadata).length > 0 ? (
        <pre className="overflow-x-auto rounded bg-muted p-2 text-xs">
          {JSON.stringify(result.metadata, null, 2)}
        </pre>
      ) : null}
    </li>
  );
}
