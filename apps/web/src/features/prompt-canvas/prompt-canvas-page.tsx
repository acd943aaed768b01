import {
  fillPrompt,
  PROMPT_LIBRARY_KIND,
  promptVariables,
  type SavedPrompt,
  sortPrompts,
} from "@neuroos/contracts";
import { Copy, FilePlus2, Play, Plus, Save, Star, Trash2, X } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type AiActionFailure, useAiAction } from "@/lib/ai-action";
import { useDocument } from "@/lib/documents/use-document";
import { choiceKey, choiceLabel, modelChoices, parseChoice } from "@/lib/model-choice";
import { useProviders } from "@/lib/resources/providers";
import { toast } from "@/lib/toast";
import { AppScreen, useAiSetup } from "../app-kit";
import { UseMcpPrompt } from "./mcp-prompt-dialog";
import { PromptList } from "./prompt-list";
import { RunSlot } from "./run-slot";

export const DEFAULT_PROMPT_TITLE = "Untitled Prompt";
/** Side by side: at most three models at once. */
export const MAX_MODELS = 3;
const libraryDocument = {
  kind: PROMPT_LIBRARY_KIND,
  defaultTitle: "Prompts",
  emptyContent: [] as SavedPrompt[],
  localKeys: { title: "prompt-canvas-library", content: "prompt-canvas-prompts" },
  codec: "json",
} as const;
const executionFailed: AiActionFailure = {
  title: "Execution Failed",
  description: "Could not run prompt. Please try again.",
};
const DEFAULT_MODEL = "";
const selectClass =
  "h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** PromptCanvas: prompts written, saved, favoured, filled in and run on up to three models side by side. */
export function PromptCanvasPage() {
  const library = useDocument<SavedPrompt[]>(libraryDocument);
  const prompts = useMemo(
    () => sortPrompts(Array.isArray(library.content) ? library.content : []),
    [library.content],
  );
  const ai = useAiSetup("Run");
  const providers = useProviders();
  const choices = useMemo(() => modelChoices(providers.data), [providers.data]);
  const slots = [
    useAiAction("run_prompt", executionFailed),
    useAiAction("run_prompt", executionFailed),
    useAiAction("run_prompt", executionFailed),
  ];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const [models, setModels] = useState<string[]>([DEFAULT_MODEL]);
  const variables = useMemo(() => promptVariables(content), [content]);
  const selected = prompts.find((p) => p.id === selectedId) ?? null;
  const running = slots.some((slot) => slot.status === "running");
  /** The canvas differs from the saved prompt (or holds a new one): Save keeps it. */
  const edited = selected
    ? content !== selected.content || title.trim() !== selected.title
    : content.trim() !== "";
  const id = useId();

  const select = (prompt: SavedPrompt | null) => {
    setSelectedId(prompt?.id ?? null);
    setTitle(prompt?.title ?? "");
    setContent(prompt?.content ?? "");
    for (const slot of slots) slot.reset();
  };
  const update = (change: (list: SavedPrompt[]) => SavedPrompt[]) => library.setContent(change(prompts));

  const save = () => {
    if (!content.trim()) {
      toast({
        variant: "destructive",
        title: "Empty Prompt",
        description: "Please write a prompt before saving",
      });
      return;
    }
    const promptId = selectedId ?? crypto.randomUUID();
    const saved: SavedPrompt = {
      id: promptId,
      title: title.trim() || DEFAULT_PROMPT_TITLE,
      content,
      timestamp: Date.now(),
      isFavorite: selected?.isFavorite ?? false,
      lastResult: selected?.lastResult ?? null,
    };
    update((list) => [saved, ...list.filter((p) => p.id !== promptId)]);
    setSelectedId(promptId);
    setTitle(saved.title);
    toast({ title: "Prompt Saved", description: `${saved.title} is in your saved prompts.` });
  };

  const remove = () => {
    if (!selected) return;
    update((list) => list.filter((p) => p.id !== selected.id));
    select(null);
    toast({ title: "Prompt Deleted", description: `${selected.title} was deleted.` });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fillPrompt(content, values));
      toast({ title: "Copied", description: "The prompt is on the clipboard." });
    } catch {
      toast({
        variant: "destructive",
        title: "Not copied",
        description: "The browser refused the clipboard.",
      });
    }
  };

  const run = async () => {
    if (!content.trim()) {
      toast({ variant: "destructive", title: "Empty Prompt", description: "Please write a prompt to run" });
      return;
    }
    const missing = variables.filter((name) => !values[name]?.trim());
    if (missing.length > 0) {
      toast({
        variant: "destructive",
        title: "Fill in the variables",
        description: `Missing: ${missing.join(", ")}`,
      });
      return;
    }
    if (!ai.ready()) return;
    const input = fillPrompt(content, values);
    const answers = await Promise.all(
      models.map((key, i) => {
        const choice = parseChoice(key);
        return slots[i]?.run(input, choice ? { config: choice } : {}) ?? null;
      }),
    );
    const texts = answers.map((a, i) =>
      a?.kind === "text" ? { model: models[i] || "default model", text: a.text } : null,
    );
    const done = texts.filter((t) => t !== null);
    if (done.length === 0) return;
    toast({ title: "Prompt Executed", description: `${done.length} of ${models.length} models answered.` });
    if (selectedId) {
      const lastResult =
        done.length === 1
          ? (done[0]?.text ?? "")
          : done.map((t) => `### ${t.model}\n\n${t.text}`).join("\n\n");
      update((list) =>
        list.map((p) => (p.id === selectedId ? { ...p, lastResult: lastResult.slice(0, 20_000) } : p)),
      );
    }
  };

  return (
    <AppScreen
      title="PromptCanvas"
      document={library}
      defaultTitle="Prompts"
      setup={ai.notice}
      draft={{
        unsaved: edited,
        what: `Your changes to the prompt “${title.trim() || DEFAULT_PROMPT_TITLE}” are`,
      }}
    >
      <div className="grid gap-4 md:grid-cols-[16rem_minmax(0,1fr)]">
        <div className="grid content-start gap-2">
          <Button variant="outline" onClick={() => select(null)}>
            <FilePlus2 aria-hidden="true" /> New prompt
          </Button>
          <UseMcpPrompt
            onUse={(prompt) => {
              // A new, unsaved prompt to work on.
              select(null);
              setTitle(prompt.title);
              setContent(prompt.content);
              toast({ title: "Prompt loaded", description: `${prompt.title} is on the canvas.` });
            }}
          />
          <PromptList prompts={prompts} selectedId={selectedId} onSelect={select} />
        </div>
        <div className="grid min-w-0 content-start gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              value={title}
              maxLength={200}
              placeholder={DEFAULT_PROMPT_TITLE}
              onChange={(e) => setTitle(e.currentTarget.value)}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-prompt`}>Prompt</Label>
            <textarea
              id={`${id}-prompt`}
              value={content}
              maxLength={20_000}
              placeholder="Write a prompt. {{name}} becomes a field to fill in before running."
              onChange={(e) => setContent(e.currentTarget.value)}
              className="min-h-40 w-full resize-y rounded-md border border-input bg-background p-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            />
          </div>
          {variables.length > 0 ? (
            <fieldset className="grid gap-2 rounded-md border border-border p-3">
              <legend className="px-1 text-sm font-medium">Variables</legend>
              {variables.map((name) => (
                <div key={name} className="grid gap-1">
                  <Label htmlFor={`${id}-var-${name}`}>{name}</Label>
                  <Input
                    id={`${id}-var-${name}`}
                    value={values[name] ?? ""}
                    onChange={(e) => setValues({ ...values, [name]: e.currentTarget.value })}
                  />
                </div>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Run on</legend>
            {models.map((key, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a model slot is its position (1-3)
              <div key={`slot-${i + 1}`} className="flex items-center gap-2">
                <select
                  aria-label={`Model ${i + 1}`}
                  value={key}
                  className={selectClass}
                  onChange={(e) => setModels(models.map((m, j) => (j === i ? e.currentTarget.value : m)))}
                >
                  <option value={DEFAULT_MODEL}>Default model</option>
                  {choices.map((choice) => (
                    <option key={choiceKey(choice)} value={choiceKey(choice)}>
                      {choiceLabel(choice)}
                    </option>
                  ))}
                </select>
                {i > 0 ? (
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove model ${i + 1}`}
                    onClick={() => setModels(models.filter((_, j) => j !== i))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            ))}
            {models.length < MAX_MODELS ? (
              <Button
                size="sm"
                variant="ghost"
                className="justify-self-start"
                onClick={() => {
                  const next = choices[models.length];
                  setModels([...models, next ? choiceKey(next) : DEFAULT_MODEL]);
                }}
              >
                <Plus aria-hidden="true" /> Compare with another model
              </Button>
            ) : null}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void run()} disabled={running}>
              <Play aria-hidden="true" /> Run
            </Button>
            <Button variant="outline" onClick={save}>
              <Save aria-hidden="true" /> Save
            </Button>
            <Button variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" /> Copy
            </Button>
            <Button
              variant="outline"
              disabled={!selected}
              aria-pressed={selected?.isFavorite ?? false}
              onClick={() =>
                selected &&
                update((list) =>
                  list.map((p) => (p.id === selected.id ? { ...p, isFavorite: !p.isFavorite } : p)),
                )
              }
            >
              <Star aria-hidden="true" className={selected?.isFavorite ? "fill-current" : ""} /> Favourite
            </Button>
            <Button variant="outline" disabled={!selected} onClick={remove}>
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
          <div className={models.length > 1 ? "grid gap-3 lg:grid-cols-3" : "grid gap-3"}>
            {models.map((key, i) => {
              const slot = slots[i];
              return slot ? (
                <RunSlot
                  // biome-ignore lint/suspicious/noArrayIndexKey: a model slot is its position (1-3)
                  key={`result-${i + 1}`}
                  label={`Answer: ${key || "default model"}`}
                  state={slot}
                  onStop={slot.stop}
                />
              ) : null;
            })}
          </div>
          {selected?.lastResult && slots.every((s) => s.status === "idle") ? (
            <section
              aria-label="Last result"
              className="grid gap-1 rounded-lg border border-border p-3 text-sm"
            >
              <h2 className="font-medium">Last result</h2>
              <p className="whitespace-pre-wrap break-words">{selected.lastResult}</p>
            </section>
          ) : null}
        </div>
      </div>
    </AppScreen>
  );
}
