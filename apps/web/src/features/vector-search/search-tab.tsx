import {
  VECTOR_LIMIT,
  VECTOR_THRESHOLD,
  type VectorSearchMode,
  type VectorSearchResult,
} from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { vectorApi, vectorKeys } from "@/lib/resources/vector";
import { toast } from "@/lib/toast";
import { SearchResultItem } from "./search-result";

const types = [
  { value: "", label: "All" },
  { value: "file", label: "Files" },
  { value: "message", label: "Messages" },
  { value: "document", label: "Documents" },
];
const modes: { value: VectorSearchMode; label: string }[] = [
  { value: "hybrid", label: "Words and meaning" },
  { value: "keyword", label: "Words only" },
  { value: "vector", label: "Meaning only" },
];
const fieldClass =
  "h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * Search: the query (Enter submits), the content type, the mode (hybrid, keyword, vector), the
 * threshold and max results sliders, the results.
 */
export function SearchTab({ initialized }: { initialized: boolean }) {
  const [query, setQuery] = useState("");
  const [objectType, setObjectType] = useState("");
  const [mode, setMode] = useState<VectorSearchMode>("hybrid");
  const [threshold, setThreshold] = useState<number>(VECTOR_THRESHOLD.initial);
  const [limit, setLimit] = useState<number>(VECTOR_LIMIT.initial);
  const [results, setResults] = useState<VectorSearchResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const queryClient = useQueryClient();
  const id = useId();

  const search = async (event: FormEvent) => {
    event.preventDefault();
    if (!query.trim()) {
      toast({
        variant: "destructive",
        title: "Search Query Required",
        description: "Please enter a search query",
      });
      return;
    }
    setSearching(true);
    try {
      const found = await vectorApi.search(query, mode, {
        ...(objectType ? { objectType } : {}),
        limit,
        threshold,
      });
      setResults(found);
      toast({ title: "Search Complete", description: `Found ${found.length} results` });
      void queryClient.invalidateQueries({ queryKey: vectorKeys.analytics });
    } catch {
      toast({
        variant: "destructive",
        title: "Search Failed",
        description: "Failed to perform semantic search",
      });
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="grid gap-4">
      <form onSubmit={(e) => void search(e)} className="grid gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
            <Label htmlFor={`${id}-q`}>Search</Label>
            <Input
              id={`${id}-q`}
              value={query}
              maxLength={1000}
              placeholder="What are you looking for?"
              onChange={(e) => setQuery(e.currentTarget.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-type`}>Content type</Label>
            <select
              id={`${id}-type`}
              value={objectType}
              className={fieldClass}
              onChange={(e) => setObjectType(e.currentTarget.value)}
            >
              {types.map((t) => (
                <option key={t.value} value={t.value}>
                  {t.label}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-mode`}>Mode</Label>
            <select
              id={`${id}-mode`}
              value={mode}
              className={fieldClass}
              onChange={(e) => setMode(e.currentTarget.value as VectorSearchMode)}
            >
              {modes.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={searching || !initialized}>
            <Search aria-hidden="true" /> {searching ? "Searching..." : "Search"}
          </Button>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-threshold`}>Similarity threshold: {threshold.toFixed(2)}</Label>
            <input
              id={`${id}-threshold`}
              type="range"
              min={VECTOR_THRESHOLD.min}
              max={VECTOR_THRESHOLD.max}
              step={VECTOR_THRESHOLD.step}
              value={threshold}
              onChange={(e) => setThreshold(Number(e.currentTarget.value))}
            />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-limit`}>Max results: {limit}</Label>
            <input
              id={`${id}-limit`}
              type="range"
              min={VECTOR_LIMIT.min}
              max={VECTOR_LIMIT.max}
              step={1}
              value={limit}
              onChange={(e) => setLimit(Number(e.currentTarget.value))}
            />
          </div>
        </div>
      </form>
      {results === null ? null : results.length === 0 ? (
        <p className="text-sm text-muted-foreground">No results: try other words or a lower threshold.</p>
      ) : (
        <ol aria-label="Results" className="grid gap-2">
          {results.map((result) => (
            <SearchResultItem key={result.id} result={result} />
          ))}
        </ol>
      )}
    </div>
  );
}
