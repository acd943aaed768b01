import { ATTACHMENTS_PER_MESSAGE, WORKSPACE_HOME } from "@neuroos/contracts";
import { Upload } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import { baseName, joinPath, uploadFiles, useWorkspaceFiles } from "@/lib/resources/files";

/** At most this many files are listed at once: the search narrows them. */
const LISTED = 100;

/**
 * Attach files to a message: one of the workspace's (found by name or path), or files from this
 * device, uploaded to the home folder first (with progress) and attached from there.
 */
export function AttachmentPicker({
  open,
  onClose,
  onAttach,
  room,
}: {
  open: boolean;
  onClose: () => void;
  onAttach: (paths: string[]) => void;
  /** How many more files the message can take. */
  room: number;
}) {
  const files = useWorkspaceFiles();
  const [query, setQuery] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const searchId = useId();
  const matching = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return (files.data ?? [])
      .filter((f) => f.type === "file" && words.every((w) => f.path.toLowerCase().includes(w)))
      .slice(0, LISTED);
  }, [files.data, query]);

  const close = () => {
    setQuery("");
    setError(null);
    setProgress(null);
    onClose();
  };
  const upload = async (chosen: File[]) => {
    if (chosen.length === 0) return;
    if (chosen.length > room) {
      setError(`A message takes at most ${ATTACHMENTS_PER_MESSAGE} files: choose at most ${room} more.`);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      await uploadFiles(WORKSPACE_HOME, chosen, setProgress).promise;
      onAttach(chosen.map((f) => joinPath(WORKSPACE_HOME, f.name)));
      close();
    } catch (err) {
      setProgress(null);
      setError(errorMessage(err, "The upload failed."));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Attach files"
      description="Text files are sent with your message; images go to models that can see them."
    >
      <div className="grid gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => input.current?.click()}
            disabled={progress !== null}
          >
            <Upload aria-hidden="true" />
            Upload from this device
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label="Files to upload"
            onChange={(event) => {
              void upload([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
          {progress !== null ? (
            <span role="status" className="text-xs text-muted-foreground">
              Uploading... {Math.round(progress * 100)}%
            </span>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-danger-text">
            {error}
          </p>
        ) : null}
        <label htmlFor={searchId} className="text-sm font-medium">
          Or find a file in your workspace
        </label>
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Name or folder"
        />
        {files.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your files...</p>
        ) : files.isError ? (
          <p className="text-sm text-danger-text">
            {errorMessage(files.error, "Your files could not be listed.")}
          </p>
        ) : matching.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {query ? "No file matches." : "Your workspace has no files yet: upload one."}
          </p>
        ) : (
          <ul aria-label="Workspace files" className="grid max-h-72 gap-1 overflow-y-auto">
            {matching.map((file) => (
              <li key={file.path}>
                <button
                  type="button"
                  onClick={() => {
                    onAttach([file.path]);
                    close();
                  }}
                  className="flex w-full items-baseline gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="font-medium">{baseName(file.path)}</span>
                  <span className="min-w-0 truncate text-xs text-muted-foreground">
                    {file.path.slice(0, -baseName(file.path).length - 1) || "/"} · {formatBytes(file.size)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
