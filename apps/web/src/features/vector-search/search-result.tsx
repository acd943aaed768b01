import type { VectorSearchResult } from "@neuroos/contracts";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { formatBytes } from "@/lib/format";

/** Spec: content cut at 200 characters with an ellipsis. */
export const preview = (content: string) => (content.length > 200 ? `${content.slice(0, 200)}...` : content);
/** Spec: similarity as a percent with one decimal. */
export const percent = (similarity: number) => `${(similarity * 100).toFixed(1)}%`;

const PREVIEW_CHARS = 200;

/**
 * The matched passage, at most 200 characters (from a little before its first marked word), the
 * query's words marked: plain text and <mark> elements, never HTML from the server.
 */
function Snippet({ snippet }: { snippet: VectorSearchResult["snippet"] }) {
  const { text, marks } = snippet;
  const first = marks[0]?.[0] ?? 0;
  const start =
    text.length <= PREVIEW_CHARS ? 0 : Math.max(0, Math.min(first - 60, text.length - PREVIEW_CHARS));
  const end = Math.min(text.length, start + PREVIEW_CHARS);
  const parts: ReactNode[] = [];
  let at = start;
  for (const [from, to] of marks) {
    if (from < at || to > end) continue;
    parts.push(text.slice(at, from), <mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  parts.push(text.slice(at, end));
  return (
    <p className="whitespace-pre-wrap break-words">
      {start > 0 ? "..." : null}
      {parts}
      {end < text.length ? "..." : null}
    </p>
  );
}

/** A metadata value in words: sizes in bytes, dates as dates, other values as they are. */
function metadataText(key: string, value: unknown): string {
  if (key === "size" && typeof value === "number") return formatBytes(value);
  if (typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)))
    return new Date(value).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** Spec: the metadata as formatted text, one "key: value" line each. */
function Metadata({ metadata }: { metadata: Record<string, unknown> }) {
  const entries = Object.entries(metadata);
  if (entries.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 rounded bg-muted p-2 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-muted-foreground">{key}</dt>
          <dd className="min-w-0 break-all font-mono">{metadataText(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One result: its type, similarity, where it is (a file's `path:from-to`), the matched passage and metadata. */
export function SearchResultItem({ result }: { result: VectorSearchResult }) {
  const lines = typeof result.metadata.lines === "string" ? `:${result.metadata.lines}` : "";
  return (
    <li className="grid gap-1.5 rounded-md border border-border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="accent">{result.objectType}</Badge>
        <span className="font-mono text-xs font-medium">{percent(result.similarity)}</span>
        <span className="min-w-0 break-all font-mono text-xs text-muted-foreground">
          {result.location ?? `${result.objectId}${lines}`}
        </span>
      </div>
      {result.snippet ? (
        <Snippet snippet={result.snippet} />
      ) : (
        <p className="whitespace-pre-wrap break-words">{preview(result.content)}</p>
      )}
      <Metadata metadata={result.metadata} />
    </li>
  );
}
