import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { useLocalModels, usePullModel } from "@/lib/resources/settings";

/** The GGUF models the local provider can run: installed or downloadable, with progress. */
export function LocalModels() {
  const models = useLocalModels();
  const pull = usePullModel();
  if (models.isPending) return <p className="text-sm text-muted-foreground">Loading local models…</p>;
  if (models.isError)
    return (
      <p role="alert" className="text-sm text-danger-text">
        {errorMessage(models.error, "The local models could not be listed.")}
      </p>
    );
  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-semibold">Downloadable models</h4>
      <ul className="grid gap-3">
        {models.data.map((m) => {
          const d = m.download;
          const busy = d?.state === "downloading" || d?.state === "verifying";
          const percent = d?.totalBytes
            ? Math.min(100, Math.round((d.receivedBytes / d.totalBytes) * 100))
            : null;
          const pullFailed = pull.isError && pull.variables === m.name;
          return (
            <li key={m.name} className="grid gap-2 rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium break-words">{m.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {m.installed
                      ? `Installed${m.sizeBytes ? ` · ${formatBytes(m.sizeBytes)}` : ""}`
                      : "Not installed"}
                  </p>
                </div>
                {m.installed ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy || (pull.isPending && pull.variables === m.name)}
                    onClick={() => pull.mutate(m.name)}
                    aria-label={`Download ${m.title}`}
                  >
                    {pull.isPending && pull.variables === m.name ? (
                      <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" />
                    ) : null}
                    Download
                  </Button>
                )}
              </div>
              {busy && d ? (
                <div className="grid gap-1">
                  <div
                    role="progressbar"
                    aria-label={`Downloading ${m.title}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percent ?? undefined}
                    className="h-2 overflow-hidden rounded-full bg-muted"
                  >
                    <div
                      className="h-full bg-primary transition-[width]"
                      style={{ width: `${percent ?? 5}%` }}
                    />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {d.state === "verifying" ? "Verifying checksum…" : `${formatBytes(d.receivedBytes)}`}
                    {d.totalBytes && d.state === "downloading"
                      ? ` of ${formatBytes(d.totalBytes)} (${percent}%)`
                      : ""}
                  </p>
                </div>
              ) : null}
              {d?.state === "failed" ? (
                <p role="alert" className="text-sm text-danger-text">
                  Download failed: {d.error ?? "unknown error"}
                </p>
              ) : null}
              {pullFailed ? (
                <p role="alert" className="text-sm text-danger-text">
                  {errorMessage(pull.error, "The download could not start.")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
