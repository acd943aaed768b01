import { ArrowLeft, Bot, Eye, Play, Save } from "lucide-react";
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "@/components/ui/button";
import { ResizeHandle } from "@/components/ui/resize-handle";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { choiceKey, choiceLabel, modelChoices, parseChoice } from "@/lib/model-choice";
import { useProviders } from "@/lib/resources/providers";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { useMediaQuery } from "@/lib/use-media-query";
import { TerminalView } from "../terminal";
import { AssistantPanel } from "./assistant-panel";
import type { EditorHandle } from "./code-editor";
import { completionSource } from "./completion-source";
import { DiffReview } from "./diff-review";
import { EditorArea } from "./editor-area";
import { Explorer } from "./explorer";
import { HtmlPreview } from "./html-preview";
import { isModified } from "./open-files";
import { PANES, usePaneSizes } from "./pane-sizes";
import { RunOutput } from "./run-output";
import { useOpenFiles } from "./use-open-files";
import { useRun } from "./use-run";

/** Agent mode: the console's chat (the agent engine with the workspace tools and its approvals). */
const ConsoleChat = lazy(() => import("../console").then((m) => ({ default: m.ConsoleChat })));

type Tab = "assistant" | "terminal";
type NarrowTab = "files" | "editor" | Tab;
const selectClass =
  "h-8 max-w-48 min-w-0 rounded-md border border-input bg-background px-2 text-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** /ide: a code editor on the workspace, with Run in the sandbox, a terminal and an AI assistant. */
export function IdePage() {
  const files = useOpenFiles();
  const run = useRun();
  const providers = useProviders();
  const [sizes, setSizes] = usePaneSizes();
  const [tab, setTab] = useState<Tab>("assistant");
  const [narrowTab, setNarrowTab] = useState<NarrowTab>("editor");
  const [modelKey, setModelKey] = useState("");
  const [pending, setPending] = useState<string | null>(null);
  const [proposal, setProposal] = useState<string | null>(null);
  const [completionOn, setCompletionOn] = useState<boolean | null>(null);
  const [agentMode, setAgentMode] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const wide = useMediaQuery("(min-width: 900px)");
  const editor = useRef<EditorHandle | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const active = files.files.find((f) => f.path === files.active) ?? null;
  const modified = files.files.filter(isModified);
  const model = parseChoice(modelKey);
  const usable = providers.data ? providers.data.usableProvider !== null : false;
  const completionEnabled = completionOn ?? usable;
  const completion = useMemo(
    () => (completionEnabled ? completionSource(model) : null),
    [completionEnabled, model],
  );
  const choices = useMemo(() => modelChoices(providers.data), [providers.data]);
  const unitsPerPixel = () => 100 / (body.current?.clientWidth || 1000);

  const clearPending = useCallback(() => setPending(null), []);
  const insertAtCursor = useCallback((code: string) => editor.current?.insertAtCursor(code), []);
  const save = useCallback(() => {
    if (active && isModified(active)) void files.save(active.path, active.content);
  }, [active, files]);
  const runActive = () => {
    if (!active) return;
    setTab("terminal");
    setNarrowTab("terminal");
    void run.run(active.path);
  };
  const fix = () => {
    if (!active) return;
    setTab("assistant");
    setNarrowTab("assistant");
    setAgentMode(false);
    setPending(
      `Running ${active.name} failed:\n\`\`\`\n${`${run.output}\n${run.error ?? ""}`.trim().slice(-4000)}\n\`\`\`\nFix the file.`,
    );
  };

  const explorer = (
    <Explorer
      onOpen={(path) => {
        void files.open(path);
        setNarrowTab("editor");
      }}
      onRenamed={(from, to) => files.dispatch({ type: "renamed", from, to })}
      onDeleted={(path) => files.dispatch({ type: "deleted", path })}
    />
  );
  const editorArea = (
    <EditorArea
      files={files.files}
      active={active}
      editor={editor}
      completion={completion}
      onActivate={(path) => files.dispatch({ type: "activated", path })}
      onClose={(path) => files.dispatch({ type: "closed", path })}
      onEdit={(path, content) => files.dispatch({ type: "edited", path, content })}
      onSave={save}
      onReload={(path) => void files.reload(path)}
      onKeep={(path, content) => void files.keep(path, content)}
    />
  );
  const assistant = (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center justify-end border-b border-border px-2 py-1">
        <Button
          size="sm"
          variant={agentMode ? "primary" : "ghost"}
          aria-pressed={agentMode}
          onClick={() => setAgentMode((on) => !on)}
        >
          <Bot aria-hidden="true" /> Agent mode
        </Button>
      </div>
      <div className="min-h-0 flex-1">
        {agentMode ? (
          <Suspense fallback={<Spinner label="Starting the agent..." />}>
            <ConsoleChat />
          </Suspense>
        ) : null}
        <div className={agentMode ? "hidden" : "h-full"}>
          <AssistantPanel
            file={active}
            model={model}
            pending={pending}
            onPendingSent={clearPending}
            onApply={setProposal}
            onInsert={insertAtCursor}
          />
        </div>
      </div>
    </div>
  );
  const terminal = (
    <div className="flex h-full min-h-0 flex-col">
      <RunOutput run={run} onStop={run.stop} onFix={fix} />
      <div className="min-h-0 flex-1">
        <TerminalView idKey="neuroos-ide-terminal-id" autoFocus={false} />
      </div>
    </div>
  );
  const tabButton = <T extends string>(id: T, label: string, current: T, set: (t: T) => void) => (
    <button
      key={id}
      type="button"
      role="tab"
      aria-selected={current === id}
      onClick={() => set(id)}
      className={cn(
        "px-3 py-1.5 text-xs font-medium outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
        current === id ? "border-b-2 border-primary text-foreground" : "text-muted-foreground",
      )}
    >
      {label}
    </button>
  );

  useUnsavedChanges(
    modified.length > 0,
    modified.length === 1
      ? `Your changes to ${modified[0]?.name} are`
      : `Your changes to ${modified.length} files are`,
  );

  return (
    <div className="flex h-dvh flex-col bg-background text-foreground">
      <title>Neuro IDE · NeuroOS</title>
      <header className="flex flex-wrap items-center gap-2 border-b border-border px-2 py-1.5">
        <Link to="/dashboard" className={buttonClasses("ghost", "sm")}>
          <ArrowLeft aria-hidden="true" /> Back
        </Link>
        <h1 className="text-sm font-semibold">Neuro IDE</h1>
        <label className="ml-auto flex items-center gap-1 text-xs">
          <span className="sr-only sm:not-sr-only">Model</span>
          <select
            aria-label="Model"
            value={modelKey}
            onChange={(e) => setModelKey(e.currentTarget.value)}
            className={selectClass}
          >
            <option value="">Default model</option>
            {choices.map((choice) => (
              <option key={choiceKey(choice)} value={choiceKey(choice)}>
                {choiceLabel(choice)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-1 text-xs">
          <input
            type="checkbox"
            checked={completionEnabled}
            onChange={(e) => setCompletionOn(e.currentTarget.checked)}
          />
          AI completion
        </label>
        {active?.language === "html" ? (
          <Button size="sm" variant="outline" onClick={() => setPreviewing(true)}>
            <Eye aria-hidden="true" /> Preview
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={!active || run.status === "running"}
          onClick={runActive}
        >
          <Play aria-hidden="true" /> Run
        </Button>
        <Button size="sm" disabled={!active || !isModified(active)} onClick={save}>
          <Save aria-hidden="true" /> Save
        </Button>
      </header>
      {wide ? (
        <div ref={body} className="flex min-h-0 flex-1">
          <div
            id="ide-explorer"
            style={{ width: `${sizes.explorer}%` }}
            className="min-w-0 border-r border-border"
          >
            {explorer}
          </div>
          <ResizeHandle
            value={sizes.explorer}
            {...PANES.explorer}
            step={1}
            bigStep={5}
            unitsPerPixel={unitsPerPixel}
            onChange={(explorer) => setSizes((s) => ({ ...s, explorer }))}
            controls="ide-explorer"
            label="Resize the explorer"
            valueText={`${sizes.explorer} percent`}
          />
          <div className="min-w-0 flex-1">{editorArea}</div>
          <ResizeHandle
            value={sizes.right}
            {...PANES.right}
            step={1}
            bigStep={5}
            paneAfter
            unitsPerPixel={unitsPerPixel}
            onChange={(right) => setSizes((s) => ({ ...s, right }))}
            controls="ide-right"
            label="Resize the assistant and terminal"
            valueText={`${sizes.right} percent`}
          />
          <div
            id="ide-right"
            style={{ width: `${sizes.right}%` }}
            className="flex min-w-0 flex-col border-l border-border"
          >
            <div role="tablist" aria-label="Assistant and terminal" className="flex border-b border-border">
              {tabButton<Tab>("assistant", "AI Assistant", tab, setTab)}
              {tabButton<Tab>("terminal", "Terminal", tab, setTab)}
            </div>
            <div className="min-h-0 flex-1">
              <div className={tab === "assistant" ? "h-full" : "hidden"}>{assistant}</div>
              <div className={tab === "terminal" ? "h-full" : "hidden"}>{terminal}</div>
            </div>
          </div>
        </div>
      ) : (
        <div className="flex min-h-0 flex-1 flex-col">
          <div role="tablist" aria-label="IDE panes" className="flex overflow-x-auto border-b border-border">
            {tabButton<NarrowTab>("files", "Files", narrowTab, setNarrowTab)}
            {tabButton<NarrowTab>("editor", "Editor", narrowTab, setNarrowTab)}
            {tabButton<NarrowTab>("assistant", "AI Assistant", narrowTab, setNarrowTab)}
            {tabButton<NarrowTab>("terminal", "Terminal", narrowTab, setNarrowTab)}
          </div>
          <div className="min-h-0 flex-1">
            <div className={narrowTab === "files" ? "h-full" : "hidden"}>{explorer}</div>
            <div className={narrowTab === "editor" ? "h-full" : "hidden"}>{editorArea}</div>
            <div className={narrowTab === "assistant" ? "h-full" : "hidden"}>{assistant}</div>
            <div className={narrowTab === "terminal" ? "h-full" : "hidden"}>{terminal}</div>
          </div>
        </div>
      )}
      {previewing && active ? (
        <HtmlPreview name={active.name} html={active.content} onClose={() => setPreviewing(false)} />
      ) : null}
      {proposal !== null && active ? (
        <DiffReview
          fileName={active.name}
          before={active.content}
          after={proposal.endsWith("\n") || !active.content.endsWith("\n") ? proposal : `${proposal}\n`}
          onApply={(content) => {
            files.dispatch({ type: "edited", path: active.path, content });
            setProposal(null);
          }}
          onClose={() => setProposal(null)}
        />
      ) : null}
    </div>
  );
}
