import type { NeuroAacContent } from "@neuroos/contracts";
import { FolderPlus, Plus, Trash2 } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { SwitchField } from "@/components/ui/switch";
import { SyncLine } from "@/features/app-kit";
import { errorMessage } from "@/lib/api";
import { useDocument } from "@/lib/documents/use-document";
import { useSymbols } from "@/lib/resources/symbols";
import { VOICE_LINES } from "@/lib/speech/speaker";
import { toast } from "@/lib/toast";
import { NeuroToolFrame } from "../tool-frame";
import { AddCategoryDialog, AddPhraseDialog } from "./add-dialogs";
import {
  boardCategories,
  boardSymbols,
  EMPTY_AAC_CONTENT,
  type Phrase,
  readAacContent,
  type StripWord,
  sentenceOf,
  withoutCategory,
} from "./board";
import { CategoryPicker, PhraseTiles, SCAN_HIGHLIGHT } from "./phrase-tiles";
import { SentenceStrip } from "./sentence-strip";
import { useScanning } from "./use-scanning";
import { useSpeaker } from "./use-speaker";

const aacDocument = {
  kind: "neuro-aac",
  defaultTitle: "Communication board",
  emptyContent: EMPTY_AAC_CONTENT,
  localKeys: { title: "neuro-aac-title", content: "neuro-aac-content" },
  codec: "json",
} as const;

/** Communication (AAC board): symbol tiles that speak, a sentence strip, own phrases, switch scanning. */
export function CommunicationPage() {
  const board = useDocument<NeuroAacContent>(aacDocument);
  const content = useMemo(() => readAacContent(board.content), [board.content]);
  const categories = useMemo(() => boardCategories(content), [content]);
  const symbols = useSymbols(boardSymbols(categories)).data;
  const [chosenId, setChosenId] = useState("greetings");
  const category = categories.find((c) => c.id === chosenId) ?? categories[0];
  const [words, setWords] = useState<StripWord[]>([]);
  const [builder, setBuilder] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [autoScan, setAutoScan] = useState(false);
  const [adding, setAdding] = useState<"phrase" | "category" | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const scan = useScanning(root, scanning, autoScan);
  const speaker = useSpeaker();

  const say = (text: string) =>
    speaker.speak(text).catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast({
        variant: "destructive",
        title: "Could not speak",
        description: errorMessage(error, "The speech could not be played. Please try again."),
      });
    });
  const choose = (phrase: Phrase) => {
    setWords((list) => [...list, { key: crypto.randomUUID(), text: phrase.text, symbol: phrase.symbol }]);
    if (!builder) void say(phrase.text);
  };
  const update = (next: NeuroAacContent) => board.setContent(next);

  if (!category) return null;
  return (
    <NeuroToolFrame
      title="Communication"
      description="Tap a picture to say it, or build a sentence and speak it."
    >
      <div ref={root} className="grid min-w-0 gap-4">
        <div className="grid gap-x-6 rounded-xl border border-border bg-card px-4 py-2 sm:grid-cols-2">
          <SwitchField
            label="Builder mode"
            hint="Quiet: tiles go to the sentence without speaking; add or remove your own phrases."
            checked={builder}
            onCheckedChange={setBuilder}
          />
          <SwitchField
            label="Scanning"
            hint="For one or two switches: Space moves the highlight, Enter chooses."
            checked={scanning}
            onCheckedChange={setScanning}
            controlProps={{ "data-scan": true, className: SCAN_HIGHLIGHT }}
          />
          {scanning ? (
            <SwitchField
              label="Auto-scan"
              hint="The highlight moves by itself every 2 seconds; Enter chooses."
              checked={autoScan}
              onCheckedChange={setAutoScan}
            />
          ) : null}
        </div>
        <p className="text-sm text-muted-foreground">{VOICE_LINES[speaker.source]}</p>
        <p aria-live="polite" className="sr-only">
          {scan.announcement}
        </p>
        <SentenceStrip
          words={words}
          symbols={symbols}
          onSpeak={() => void say(sentenceOf(words))}
          onRemove={(key) => setWords((list) => list.filter((w) => w.key !== key))}
          onClear={() => setWords([])}
        />
        <CategoryPicker
          categories={categories}
          chosenId={category.id}
          symbols={symbols}
          onChoose={(c) => setChosenId(c.id)}
        />
        <PhraseTiles
          category={category}
          symbols={symbols}
          builder={builder}
          onChoose={choose}
          onRemove={(phrase) =>
            update({ ...content, phrases: content.phrases.filter((p) => p.id !== phrase.id) })
          }
        />
        {builder ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setAdding("phrase")}>
              <Plus aria-hidden="true" /> Add phrase
            </Button>
            <Button variant="outline" onClick={() => setAdding("category")}>
              <FolderPlus aria-hidden="true" /> Add category
            </Button>
            {category.custom ? (
              <Button
                variant="ghost"
                onClick={() => {
                  update(withoutCategory(content, category.id));
                  setChosenId("greetings");
                }}
              >
                <Trash2 aria-hidden="true" /> Remove category {category.name}
              </Button>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">
            Turn on Builder mode to add your own phrases and categories.
          </p>
        )}
        <SyncLine
          status={board.status}
          title="Communication board"
          message={board.message}
          onKeepMine={board.keepMine}
          onTakeTheirs={board.takeTheirs}
        />
        <p className="text-xs text-muted-foreground">Symbols: Fluent Emoji by Microsoft, MIT licence</p>
      </div>
      <AddPhraseDialog
        key={`phrase-${category.id}`}
        open={adding === "phrase"}
        onOpenChange={(open) => setAdding(open ? "phrase" : null)}
        categories={categories}
        defaultCategoryId={category.id}
        onAdd={(phrase) => {
          update({ ...content, phrases: [...content.phrases, phrase] });
          setChosenId(phrase.categoryId);
          setAdding(null);
          toast({ title: "Phrase added", description: `${phrase.text} is on the board.` });
        }}
      />
      <AddCategoryDialog
        open={adding === "category"}
        onOpenChange={(open) => setAdding(open ? "category" : null)}
        onAdd={(added) => {
          update({ ...content, categories: [...content.categories, added] });
          setChosenId(added.id);
          setAdding(null);
          toast({ title: "Category added", description: `${added.name} is on the board.` });
        }}
      />
    </NeuroToolFrame>
  );
}
