import { useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { uploadFiles } from "@/lib/resources/files";
import { toast } from "@/lib/toast";

/** Uploads into a folder, with the progress and the failure (in words) to show. */
export function useUpload(onDone: () => void) {
  const [upload, setUpload] = useState<{ names: string[]; progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function start(dir: string, list: FileList | File[] | null) {
    const files = list ? Array.from(list) : [];
    if (files.length === 0 || upload) return;
    setError(null);
    setUpload({ names: files.map((f) => f.name), progress: 0 });
    try {
      await uploadFiles(dir, files, (progress) =>
        setUpload((current) => (current ? { ...current, progress } : current)),
      ).promise;
      toast({ title: files.length === 1 ? `Uploaded ${files[0]?.name}` : `Uploaded ${files.length} files` });
      onDone();
    } catch (err) {
      setError(
        errorMessage(err, err instanceof Error ? err.message : "The upload failed. Please try again."),
      );
    } finally {
      setUpload(null);
    }
  }
  return { upload, error, start, dismiss: () => setError(null) };
}

/** The upload under way (a progress bar) or the one that failed (why, and Dismiss). */
export function UploadStatus({ id, state }: { id: string; state: ReturnType<typeof useUpload> }) {
  const { upload, error } = state;
  return (
    <>
      {upload ? (
        <div className="grid gap-1.5 rounded-lg border border-border bg-card p-3" aria-live="polite">
          <p className="truncate text-sm" id={`${id}-progress`}>
            Uploading {upload.names.join(", ")} — {Math.round(upload.progress * 100)}%
          </p>
          <progress
            className="h-2 w-full appearance-none overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-moz-progress-bar]:bg-primary"
            max={100}
            value={Math.round(upload.progress * 100)}
            aria-labelledby={`${id}-progress`}
          />
        </div>
      ) : null}
      {error ? (
        <div
          role="alert"
          className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-danger-text/40 bg-card p-3 text-sm text-danger-text"
        >
          <span>
            <strong>Upload failed:</strong> {error}
          </span>
          <Button size="sm" variant="ghost" onClick={state.dismiss}>
            Dismiss
          </Button>
        </div>
      ) : null}
    </>
  );
}
