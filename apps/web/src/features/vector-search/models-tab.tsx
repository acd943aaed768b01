import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { useIndexStatus, useModels, vectorApi, vectorKeys } from "@/lib/resources/vector";
import { toast } from "@/lib/toast";

/**
 * Models tab (spec: name, active/inactive, provider, model id, dimensions), and the choice of
 * model: the index is re-embedded in the background while searches keep the old one.
 */
export function ModelsTab() {
  const models = useModels();
  const status = useIndexStatus();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState<string | null>(null);
  const switching = status.data?.switching ?? null;
  const running = switching?.state === "embedding" || switching?.state === "downloading";

  // The list's active model changes when a switch completes.
  useEffect(() => {
    if (switching?.state === "done") void queryClient.invalidateQueries({ queryKey: vectorKeys.models });
  }, [switching?.state, queryClient]);

  const choose = async (id: string) => {
    setChoosing(id);
    try {
      await vectorApi.chooseModel(id);
      void queryClient.invalidateQueries({ queryKey: vectorKeys.all });
    } catch (err) {
      toast({
        variant: "destructive",
        title: "Model Switch Failed",
        description: errorMessage(err, "The model could not embed."),
      });
    } finally {
      setChoosing(null);
    }
  };

  const nameOf = (id: string) => models.data?.models.find((m) => m.id === id)?.name ?? id;
  return (
    <div className="grid gap-3 text-sm">
      {switching ? (
        <div role="status" className="grid gap-1">
          {switching.state === "downloading" ? (
            <>
              <span>
                Downloading {nameOf(switching.target)} to the server:{" "}
                {formatBytes(switching.download?.receivedBytes ?? 0)}
                {switching.download?.totalBytes ? ` of ${formatBytes(switching.download.totalBytes)}` : ""}.
                Your index is re-embedded with it next; searches use the current model until then.
              </span>
              <progress
                max={Math.max(1, switching.download?.totalBytes ?? 1)}
                value={switching.download?.receivedBytes ?? 0}
                aria-label="Download progress"
                className="h-2 w-full"
              />
            </>
          ) : switching.state === "embedding" ? (
            <>
              <span>
                Re-embedding for {nameOf(switching.target)}: {switching.done} of {switching.total} items.
                Searches use the current model until it is complete.
              </span>
              <progress
                max={Math.max(1, switching.total)}
                value={switching.done}
                aria-label="Re-embedding progress"
                className="h-2 w-full"
              />
            </>
          ) : switching.state === "done" ? (
            <span>Now searching with {nameOf(switching.target)}.</span>
          ) : (
            <span className="text-destructive">
              Switching to {nameOf(switching.target)} failed: {switching.error}. Searches still use the
              previous model.
            </span>
          )}
        </div>
      ) : null}
      <ul className="grid gap-2">
        {models.data?.models.map((m) => (
          <li key={m.id} className="grid gap-1 rounded-md border border-border p-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{m.name}</span>
              <Badge tone={m.isActive ? "primary" : "neutral"}>{m.isActive ? "active" : "inactive"}</Badge>
              {m.isActive ? null : (
                <Button
                  size="sm"
                  variant="outline"
                  className="ml-auto"
                  disabled={running || choosing !== null}
                  aria-label={`${m.needsDownload ? "Download and use" : "Use"} ${m.name}`}
                  onClick={() => void choose(m.id)}
                >
                  {choosing === m.id
                    ? "Checking..."
                    : m.needsDownload
                      ? "Download and use"
                      : "Use this model"}
                </Button>
              )}
            </div>
            <span>
              Provider {m.provider} · model {m.modelId} · {m.dimensions} dimensions ·{" "}
              {m.needsDownload ? "downloaded to the server when chosen · " : ""}
              {models.data?.index === "hnsw" ? "HNSW index (pgvector)" : "exact cosine scan (no pgvector)"}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
