import type { AiActionId } from "@neuroos/contracts";
import { Eye, Languages, List, PencilLine, Undo2, Wand2, WandSparkles } from "lucide-react";
import { useId, useRef, useState } from "react";
import { AiActionOutput } from "@/components/ai/ai-action-output";
import { LazyMarkdownContent } from "@/components/content/lazy-markdown";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { type AiActionFailure, useAiAction } from "@/lib/ai-action";
import { useDocument } from "@/lib/documents/use-document";
import { toast } from "@/lib/toast";
import { AppScreen, useAiSetup } from "../app-kit";
import { ExportButtons } from "./export-menu";
import { FormatToolbar } from "./format-toolbar";

export const DEFAULT_DOCUMENT_TITLE = "Untitled Document";
const smartDocument = {
  kind: "smart-doc",
  defaultTitle: DEFAULT_DOCUMENT_TITLE,
  emptyContent: "",
  localKeys: { title: "smart-doc-title", content: "smart-doc-content" },
  codec: "text",
} as const;
const processingFailed: AiActionFailure = {
  title: "Processing Failed",
  description: "Could not process text. Please try again.",
};

/** Spec: the document actions, on the selection or the whole text. */
const actions: {
  id: Extract<AiActionId, "rephrase" | "translate" | "bullet_points" | "improve">;
  label: string;
  icon: typeof Wand2;
}[] = [
  { id: "rephrase", label: "Rephrase", icon: Wand2 },
  { id: "translate", label: "Translate to Spanish", icon: Languages },
  { id: "bullet_points", label: "Bullet Points", icon: List },
  { id: "improve", label: "Improve", icon: WandSparkles },
];

/** SmartDoc: documents in Markdown with formatting, AI edits on the selection (undoable), exports. */
export function SmartDocPage() {
  const doc = useDocument<string>(smartDocument);
  const ai = useAiSetup("the document actions");
  const [running, setRunning] = useState<(typeof actions)[number] | null>(null);
  const action = useAiAction(running?.id ?? "rephrase", processingFailed);
  const [undo, setUndo] = useState<string[]>([]);
  const [preview, setPreview] = useState(false);
  const editor = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  const process = async (chosen: (typeof actions)[number]) => {
    const area = editor.current;
    const text = doc.content;
    const [start, end] =
      area && !preview && area.selectionEnd > area.selectionStart
        ? [area.selectionStart, area.selectionEnd]
        : [0, text.length];
    const input = text.slice(start, end);
    if (!input.trim()) {
      toast({
        variant: "destructive",
        title: "No Text Selected",
        description: "Please select text or write some content first",
      });
      return;
    }
    if (!ai.ready()) return;
    setRunning(chosen);
    const result = await action.run(
      input,
      chosen.id === "translate" ? { language: "Spanish" } : {},
      chosen.id,
    );
    if (result?.kind !== "text") return;
    setUndo((stack) => [...stack.slice(-19), text]);
    doc.setContent(text.slice(0, start) + result.text + text.slice(end));
    toast({
      title: "Text Processed",
      description: `${chosen.label}: done${start > 0 || end < text.length ? " on the selection" : ""}.`,
    });
  };

  const undoLast = () => {
    const previous = undo.at(-1);
    if (previous === undefined) return;
    setUndo((stack) => stack.slice(0, -1));
    doc.setContent(previous);
  };

  return (
    <AppScreen
      title="SmartDoc"
      document={doc}
      noun="document"
      defaultTitle={DEFAULT_DOCUMENT_TITLE}
      setup={ai.notice}
    >
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">AI actions</legend>
        {actions.map((chosen) => (
          <Button
            key={chosen.id}
            variant="outline"
            size="sm"
            disabled={action.status === "running"}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void process(chosen)}
          >
            <chosen.icon aria-hidden="true" /> {chosen.label}
          </Button>
        ))}
        <Button size="sm" variant="ghost" disabled={undo.length === 0} onClick={undoLast}>
          <Undo2 aria-hidden="true" /> Undo AI edit
        </Button>
      </fieldset>
      <AiActionOutput
        label={running?.label ?? "AI edit"}
        status={action.status}
        text={action.text}
        error={action.error}
        onStop={action.stop}
      />
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label htmlFor={id}>Document</Label>
          <div className="flex flex-wrap items-center gap-1">
            {preview ? null : <FormatToolbar editor={editor} onChange={doc.setContent} />}
            <Button size="sm" variant="ghost" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
              {preview ? <PencilLine aria-hidden="true" /> : <Eye aria-hidden="true" />}
              {preview ? "Edit" : "Preview"}
            </Button>
          </div>
        </div>
        {preview ? (
          <section
            aria-label="Preview"
            className="min-h-[45dvh] overflow-x-auto rounded-md border border-input p-3 text-sm"
          >
            <LazyMarkdownContent
              content={doc.content || "*Nothing written yet.*"}
              textKey={doc.id ?? "new-document"}
            />
          </section>
        ) : (
          <textarea
            id={id}
            ref={editor}
            value={doc.content}
            placeholder="Write here. Select a passage to rephrase, translate, list or improve just that part."
            onChange={(e) => doc.setContent(e.currentTarget.value)}
            className="min-h-[45dvh] w-full resize-y rounded-md border border-input bg-background p-3 font-mono text-sm leading-relaxed text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          />
        )}
      </div>
      <ExportButtons title={doc.title} markdown={doc.content} fallback={DEFAULT_DOCUMENT_TITLE} />
    </AppScreen>
  );
}
