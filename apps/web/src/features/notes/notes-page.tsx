import { Download, Sparkles } from "lucide-react";
import { useId } from "react";
import { AiActionOutput } from "../../components/ai/ai-action-output";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { toast } from "../../components/ui/use-toast";
import { useAiAction } from "../../lib/ai-action";
import { useDocument } from "../../lib/documents/use-document";
import { SyncLine } from "./sync-line";

/** Spec: the note's default title, and where the note is kept on the device. */
export const DEFAULT_NOTE_TITLE = "Untitled Note";
const noteDocument = {
  kind: "notes",
  defaultTitle: DEFAULT_NOTE_TITLE,
  emptyContent: "",
  localKeys: { title: "notepad-title", content: "notepad-content" },
  codec: "text",
} as const;
const summaryFailed = {
  title: "Summary Failed",
  description: "Could not generate summary. Please try again.",
};

/** A file name from the note's title: the characters file systems refuse become dashes. */
function fileNameOf(title: string): string {
  const safe = [...title.trim()].map((c) => (c < " " || '\\/:*?"<>|'.includes(c) ? "-" : c)).join("");
  return `${(safe || DEFAULT_NOTE_TITLE).slice(0, 120)}.md`;
}

/** NotesPad: one note, kept on the device and synced; saved as Markdown; summarized by the model. */
export function NotesPage() {
  const note = useDocument<string>(noteDocument);
  const summary = useAiAction("summarize", summaryFailed);
  const contentId = useId();

  const download = () => {
    const url = URL.createObjectURL(new Blob([note.content], { type: "text/markdown;charset=utf-8" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: fileNameOf(note.title) });
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    void note.saveNow();
    toast({ title: "Note Saved", description: `${fileNameOf(note.title)} was downloaded.` });
  };

  const summarize = async () => {
    const result = await summary.run(note.content);
    if (result?.kind !== "text") return;
    note.setContent(`${note.content.trimEnd()}\n\n**Summary:** ${result.text}\n`);
    toast({ title: "Summary Added", description: "The summary is at the end of the note." });
  };

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 p-4 sm:p-6">
      <title>NotesPad · NeuroOS</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">NotesPad</h1>
        <SyncLine
          status={note.status}
          message={note.message}
          onKeepMine={note.keepMine}
          onTakeTheirs={note.takeTheirs}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${contentId}-title`}>Title</Label>
        <Input
          id={`${contentId}-title`}
          value={note.title}
          maxLength={200}
          onChange={(event) => note.setTitle(event.currentTarget.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={contentId}>Note</Label>
        <textarea
          id={contentId}
          value={note.content}
          placeholder="Start writing..."
          onChange={(event) => note.setContent(event.currentTarget.value)}
          className="min-h-[50dvh] w-full resize-y rounded-md border border-input bg-background p-3 text-sm leading-relaxed text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={download}>
          <Download aria-hidden="true" /> Save
        </Button>
        <Button
          variant="outline"
          onClick={() => void summarize()}
          disabled={!note.content.trim() || summary.status === "running"}
        >
          <Sparkles aria-hidden="true" /> Summarize
        </Button>
      </div>
      <AiActionOutput
        label="Summary"
        status={summary.status}
        text={summary.text}
        error={summary.error}
        onStop={summary.stop}
      />
    </div>
  );
}
