import { useMutation } from "@tanstack/react-query";
import { MessageSquareText, NotebookPen } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { TextLink } from "@/components/ui/text-link";
import { errorMessage } from "@/lib/api";
import { consoleMessage } from "@/lib/console-message";
import { documentApi } from "@/lib/resources/documents";

/**
 * A recording's transcript, editable, and where it can go: the console's message box, or a new
 * note in NotesPad.
 */
export function TranscriptBox({ recording, text: initial }: { recording: string; text: string }) {
  const [text, setText] = useState(initial);
  const id = useId();
  const navigate = useNavigate();
  const title = `Transcript of ${recording.replace(/\.[^.]+$/, "")}`;
  const note = useMutation({ mutationFn: () => documentApi.create("notes", title, text) });
  const empty = text.trim().length === 0;

  return (
    <div className="grid gap-2 rounded-lg border border-border bg-background p-3">
      <label htmlFor={id} className="text-sm font-medium">
        Transcript of {recording}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={3}
        placeholder="No speech was heard."
        className="w-full resize-y rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={empty}
          onClick={() => navigate("/dashboard", { state: consoleMessage(text) })}
        >
          <MessageSquareText aria-hidden="true" />
          Send to console
        </Button>
        <Button size="sm" variant="outline" disabled={empty || note.isPending} onClick={() => note.mutate()}>
          <NotebookPen aria-hidden="true" />
          {note.isPending ? "Saving..." : "Save as note"}
        </Button>
        <p role="status" className="text-sm">
          {note.isSuccess ? (
            <>
              Saved as the note “{note.data.title}”.{" "}
              <TextLink to="/dashboard/apps/notes-pad">Open NotesPad</TextLink>
            </>
          ) : null}
        </p>
      </div>
      {note.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          The note could not be saved: {errorMessage(note.error, "please try again.")}
        </p>
      ) : null}
    </div>
  );
}
