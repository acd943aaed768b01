import { X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { CodeEditor, type EditorHandle } from "./code-editor";
import { DiskConflict } from "./disk-conflict";
import type { CompletionSource } from "./inline-completion";
import { isModified, type OpenFile } from "./open-files";

/** The editor with its tabs: a dot on unsaved ones; closing a modified tab asks first. */
export function EditorArea({
  files,
  active,
  editor,
  completion,
  onActivate,
  onClose,
  onEdit,
  onSave,
  onReload,
  onKeep,
}: {
  files: OpenFile[];
  active: OpenFile | null;
  editor: React.RefObject<EditorHandle | null>;
  completion: CompletionSource | null;
  onActivate: (path: string) => void;
  onClose: (path: string) => void;
  onEdit: (path: string, content: string) => void;
  onSave: () => void;
  onReload: (path: string) => void;
  onKeep: (path: string, content: string) => void;
}) {
  const [asking, setAsking] = useState<OpenFile | null>(null);
  const close = (file: OpenFile) => (isModified(file) ? setAsking(file) : onClose(file.path));

  return (
    <section aria-label="Editor" className="flex h-full min-h-0 flex-col">
      <ul aria-label="Open files" className="flex min-h-9 overflow-x-auto border-b border-border bg-muted/40">
        {files.map((file) => {
          const selected = file.path === active?.path;
          return (
            <li
              key={file.path}
              className={cn("flex shrink-0 items-center border-r border-border", selected && "bg-background")}
            >
              <button
                type="button"
                aria-current={selected ? "true" : undefined}
                title={file.path}
                onClick={() => onActivate(file.path)}
                className="flex items-center gap-1.5 px-3 py-1.5 text-xs outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              >
                {file.name}
                {isModified(file) ? (
                  <span aria-label="unsaved changes" role="img" className="size-2 rounded-full bg-primary" />
                ) : null}
              </button>
              <Button
                size="icon"
                variant="ghost"
                className="size-6"
                aria-label={`Close ${file.name}`}
                onClick={() => close(file)}
              >
                <X aria-hidden="true" className="size-3.5" />
              </Button>
            </li>
          );
        })}
      </ul>
      {active ? <DiskConflict file={active} onReload={onReload} onKeep={onKeep} /> : null}
      <div className="min-h-0 flex-1">
        {active ? (
          <CodeEditor
            file={active}
            onChange={onEdit}
            onSave={onSave}
            completion={completion}
            handle={editor}
            openPaths={files.map((f) => f.path)}
          />
        ) : (
          <p className="grid h-full place-items-center p-6 text-center text-sm text-muted-foreground">
            Open a file to start coding
          </p>
        )}
      </div>
      {asking ? (
        <Dialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title={`Close ${asking.name}?`}
          description="It has changes that are not saved. They will be lost."
        >
          <div className="flex flex-wrap justify-end gap-2 p-5">
            <Button variant="outline" onClick={() => setAsking(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                onClose(asking.path);
                setAsking(null);
              }}
            >
              Close without saving
            </Button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
