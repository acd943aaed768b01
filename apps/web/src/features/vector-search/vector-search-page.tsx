import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, RefreshCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useAnalytics, useIndexStatus, useModels, vectorApi, vectorKeys } from "@/lib/resources/vector";
import { toast } from "@/lib/toast";
import { ModelsTab } from "./models-tab";
import { SearchTab } from "./search-tab";

type Tab = "search" | "analytics" | "models";
const tabs: { id: Tab; label: string }[] = [
  { id: "search", label: "Search" },
  { id: "analytics", label: "Analytics" },
  { id: "models", label: "Models" },
];

/** /vector-search: hybrid semantic search over the person's files, messages and documents. */
export function VectorSearchPage() {
  const [tab, setTab] = useState<Tab>("search");
  const status = useIndexStatus();
  const models = useModels();
  const analytics = useAnalytics();
  const queryClient = useQueryClient();
  const [initializing, setInitializing] = useState(false);
  // Spec: initialized after Initialize, or when at least one embedding model is listed.
  const initialized = (models.data?.models.length ?? 0) > 0;
  const progress = status.data?.progress;

  const initialize = async () => {
    setInitializing(true);
    try {
      const answer = await vectorApi.initialize();
      toast({
        title: "Vector Service Initialized",
        description: answer.message || "Ready for semantic search",
      });
      void queryClient.invalidateQueries({ queryKey: vectorKeys.all });
    } catch (err) {
      toast({
        variant: "destructive",
        title: "Initialization Failed",
        description: errorMessage(err, "Failed to initialize vector service."),
      });
    } finally {
      setInitializing(false);
    }
  };

  return (
    <div className="mx-auto grid w-full min-w-0 max-w-4xl gap-4 p-4 sm:p-6">
      <title>Vector Search · NeuroOS</title>
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/dashboard" className={buttonClasses("ghost", "sm")}>
          <ArrowLeft aria-hidden="true" /> Back
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight">Vector Search</h1>
        <Badge tone={initialized ? "primary" : "neutral"}>
          {initialized ? "Initialized" : "Not Initialized"}
        </Badge>
        <Button
          size="sm"
          variant="outline"
          className="ml-auto"
          disabled={initializing || progress?.state === "indexing"}
          onClick={() => void initialize()}
        >
          <RefreshCw aria-hidden="true" /> {initialized ? "Index my data" : "Initialize"}
        </Button>
      </div>
      {progress && progress.state !== "idle" ? (
        <div className="grid gap-1 text-sm" role="status">
          <span>
            {progress.state === "indexing" ? "Indexing" : "Indexed"} {progress.done} of {progress.total} items
            · {status.data?.chunks ?? 0} chunks ·{" "}
            {status.data?.index === "hnsw" ? "HNSW index (pgvector)" : "exact scan"}
          </span>
          <progress
            max={Math.max(1, progress.total)}
            value={progress.done}
            aria-label="Indexing progress"
            className="h-2 w-full"
          />
          {progress.skipped.length > 0 ? (
            <span className="text-xs text-muted-foreground">
              Skipped: {progress.skipped.map((s) => `${s.path} (${s.reason})`).join(", ")}
            </span>
          ) : null}
        </div>
      ) : null}
      <div role="tablist" aria-label="Vector Search" className="flex border-b border-border">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              "px-3 py-2 text-sm font-medium outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
              tab === t.id ? "border-b-2 border-primary" : "text-muted-foreground",
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tab === "search" ? <SearchTab initialized={initialized} /> : null}
      {tab === "analytics" ? (
        analytics.data && analytics.data.length > 0 ? (
          <ul className="grid gap-2 text-sm">
            {analytics.data.map((a) => (
              <li key={a.id} className="flex flex-wrap gap-x-3 rounded-md border border-border p-2">
                <span className="font-medium">{a.query}</span>
                <span>{a.resultCount} results</span>
                <span className="text-muted-foreground">{a.searchType}</span>
                <time className="text-muted-foreground" dateTime={a.createdAt}>
                  {new Date(a.createdAt).toLocaleString()}
                </time>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No searches yet.</p>
        )
      ) : null}
      {tab === "models" ? <ModelsTab /> : null}
    </div>
  );
}
