import { Download, Eye, PencilLine, Sparkles } from "lucide-react";
import { useId, useState } from "react";
import { AiActionOutput } from "@/components/ai/ai-action-output";
import { LazyMarkdownContent } from "@/components/content/lazy-markdown";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { type AiActionFailure, useAiAction } from "@/lib/ai-action";
import { useDocument } from "@/lib/documents/use-document";
import { toast } from "@/lib/toast";
import { AppScreen, downloadText, fileNameOf, useAiSetup } from "../app-kit";
import { DictationButton } from "./dictation-button";

/** Spec: the note's default title, and where the open note is kept on the device. */
export const DEFAULT_NOTE_TITLE = "Untitled Note";
const noteDocument = {
  kind: "notes",
  defaultTitle: DEFAULT_NOTE_TITLE,
  emptyContent: "",
  localKeys: { title: "notepad-title", content: "notepad-content" },
  codec: "text",
} as const;
const summaryFailed: AiActionFailure = {
  title: "Summary Failed",
  description: "Could not generate summary. Please try again.",
};

/** NotesPad: notes kept on the device and synced; Markdown with a preview; summarized by the model; dictated. */
export function NotesPage() {
  const note = useDocument<string>(noteDocument);
  const summary = useAiAction("summarize", summaryFailed);
  const ai = useAiSetup("Summarize");
  const [preview, setPreview] = useState(false);
  const contentId = useId();

  const download = () => {
    const name = fileNameOf(note.title, "md", DEFAULT_NOTE_TITLE);
    downloadText(name, note.content, "text/markdown");
    void note.saveNow();
    toast({ title: "Note Saved", description: `${name} was downloaded.` });
  };

  const summarize = async () => {
    if (!note.content.trim()) {
      toast({
        variant: "destructive",
        title: "No Content",
        description: "Please write some content to summarize",
      });
      return;
    }
    if (!ai.ready()) return;
    const result = await summary.run(note.content);
    if (result?.kind !== "text") return;
    note.setContent(`${note.content.trimEnd()}\n\n**Summary:** ${result.text}\n`);
    toast({ title: "Summary Added", description: "The summary is at the end of the note." });
  };

  const dictated = (text: string) => {
    const before = note.content.trimEnd();
    note.setContent(before ? `${before}\n\n${text}` : text);
  };

  return (
    <AppScreen
      title="NotesPad"
      document={note}
      noun="note"
      defaultTitle={DEFAULT_NOTE_TITLE}
      setup={ai.notice}
    >
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={contentId}>Note</Label>
          <Button size="sm" variant="ghost" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? <PencilLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {preview ? "Edit" : "Preview"}
          </Button>
        </div>
        {preview ? (
          <section
            aria-label="Preview"
            className="min-h-[50dvh] overflow-x-auto rounded-md border border-input p-3 text-sm"
          >
            <LazyMarkdownContent
              content={note.content || "*Nothing written yet.*"}
              textKey={note.id ?? "new-note"}
            />
          </section>
        ) : (
          <textarea
            id={contentId}
            value={note.content}
            placeholder="Start writing... (Markdown works: # heading, **bold**, - list)"
            onChange={(event) => note.setContent(event.currentTarget.value)}
            className="min-h-[50dvh] w-full resize-y rounded-md border border-input bg-background p-3 text-sm leading-relaxed text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={download}>
          <Download aria-hidden="true" /> Save
        </Button>
        <Button variant="outline" onClick={() => void summarize()} disabled={summary.status === "running"}>
          <Sparkles aria-hidden="true" /> Summarize
        </Button>
        <DictationButton onText={dictated} />
      </div>
      <AiActionOutput
        label="Summary"
        status={summary.status}
        text={summary.text}
        error={summary.error}
        onStop={summary.stop}
      />
    </AppScreen>
  );
}
