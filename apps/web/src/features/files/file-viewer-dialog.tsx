import type { FileEntry } from "@neuroos/contracts";
import { useMutation } from "@tanstack/react-query";
import { LoaderCircle, Pencil, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../components/ui/use-toast";
import { apiRequest, errorMessage } from "../../lib/api";
import { baseName, useFileContent } from "../../lib/resources/files";

/** Opens a text file: read-only first, editable with Edit, saved with PUT /api/files/content. */
export function FileViewerDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: FileEntry | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const path = entry?.path ?? null;
  const content = useFileContent(path);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState("");

  useEffect(() => {
    if (path === null) setEditing(false);
  }, [path]);

  const isText = content.data?.encoding === "utf8";
  const save = useMutation({
    mutationFn: () => apiRequest("PUT", "/api/files/content", { path, content: draft, encoding: "utf8" }),
    onSuccess: () => {
      toast({ title: `Saved ${baseName(path ?? "")}` });
      setEditing(false);
      void content.refetch();
      onSaved();
    },
    onError: (error) =>
      toast({
        title: "Could not save",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });

  const actions =
    content.data && isText ? (
      editing ? (
        <Button size="sm" onClick={() => save.mutate()} disabled={save.isPending}>
          {save.isPending ? (
            <LoaderCircle aria-hidden="true" className="motion-safe:animate-spin" />
          ) : (
            <Save aria-hidden="true" />
          )}
          Save
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(content.data?.content ?? "");
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
      )
    ) : null;

  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={entry ? baseName(entry.path) : "File"}
      description={entry?.path}
      size="lg"
      actions={actions}
    >
      {content.isPending ? (
        <Spinner label="Opening the file…" />
      ) : content.isError ? (
        <p role="alert" className="p-5 text-sm text-danger-text">
          {errorMessage(content.error, "The file could not be opened.")}
        </p>
      ) : !isText ? (
        <p className="p-5 text-sm text-muted-foreground">This is a binary file; download it to open it.</p>
      ) : editing ? (
        <textarea
          aria-label={`Contents of ${baseName(content.data.path)}`}
          className="block h-[60dvh] w-full resize-none bg-background p-4 font-mono text-sm text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
          value={draft}
          spellCheck={false}
          onChange={(event) => setDraft(event.currentTarget.value)}
        />
      ) : (
        <section
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable content must be reachable by keyboard
          tabIndex={0}
          aria-label={`Contents of ${baseName(content.data.path)}`}
          className="min-h-24 overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
        >
          <pre className="p-4 font-mono text-sm whitespace-pre-wrap break-words">
            {content.data.content || "(empty file)"}
          </pre>
        </section>
      )}
    </Dialog>
  );
}
