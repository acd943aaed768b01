import { type PlannerTask, type TaskPriority, type TaskStatus, taskPriorities } from "@neuroos/contracts";
import { FileDown, Plus, Sparkles } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { AiActionOutput } from "@/components/ai/ai-action-output";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteWithUndo } from "@/components/ui/task-delete";
import { type AiActionFailure, useAiAction } from "@/lib/ai-action";
import { useDocument } from "@/lib/documents/use-document";
import { toast } from "@/lib/toast";
import { AppScreen, downloadText, fileNameOf, useAiSetup } from "../app-kit";
import {
  fromGenerated,
  moveForward,
  planJson,
  planMarkdown,
  quickTask,
  readTasks,
  statusTitles,
} from "./plan-model";
import { TaskCard } from "./task-card";

export const DEFAULT_PLAN_TITLE = "Untitled Plan";
const planDocument = {
  kind: "mind-planner",
  defaultTitle: DEFAULT_PLAN_TITLE,
  emptyContent: [] as PlannerTask[],
  localKeys: { title: "mind-planner-title", content: "mind-planner-tasks" },
  codec: "json",
} as const;
const planFailed: AiActionFailure = {
  title: "Generation Failed",
  description: "Could not generate plan. Please try again.",
  invalid: { title: "Generation Error", description: "Could not parse AI response. Please try again." },
};
const selectClass =
  "h-10 rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** MindPlanner: plans generated from a prompt or written by hand, moved forward to done. */
export function MindPlannerPage() {
  const doc = useDocument<PlannerTask[]>(planDocument);
  const tasks = useMemo(() => readTasks(doc.content), [doc.content]);
  const deleteTask = useDeleteWithUndo(tasks, doc.setContent, (task) => task.title, doc.id);
  const ai = useAiSetup("Generate plan");
  const generate = useAiAction("generate_plan", planFailed);
  const [prompt, setPrompt] = useState("");
  const [quick, setQuick] = useState("");
  const [priority, setPriority] = useState<TaskPriority>("medium");
  const id = useId();

  const onGenerate = async (event: FormEvent) => {
    event.preventDefault();
    if (!prompt.trim()) {
      toast({
        variant: "destructive",
        title: "No Prompt",
        description: "Please describe what you want to plan",
      });
      return;
    }
    if (!ai.ready()) return;
    const result = await generate.run(prompt);
    if (result?.kind !== "plan") return;
    doc.setContent([...tasks, ...fromGenerated(result.tasks)]);
    toast({ title: "Plan Generated", description: `Added ${result.tasks.length} tasks` });
  };

  const onQuickAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!quick.trim()) return;
    doc.setContent([...tasks, quickTask(quick, priority)]);
    setQuick("");
  };

  const exportPlan = (format: "md" | "json") => {
    const name = fileNameOf(doc.title, format, DEFAULT_PLAN_TITLE);
    if (format === "md")
      downloadText(name, planMarkdown(doc.title || DEFAULT_PLAN_TITLE, tasks), "text/markdown");
    else downloadText(name, planJson(doc.title || DEFAULT_PLAN_TITLE, tasks), "application/json");
    toast({ title: "Plan Exported", description: `${name} was downloaded.` });
  };

  return (
    <AppScreen
      title="MindPlanner"
      document={doc}
      noun="plan"
      defaultTitle={DEFAULT_PLAN_TITLE}
      setup={ai.notice}
    >
      <form onSubmit={(e) => void onGenerate(e)} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor={`${id}-prompt`}>What do you want to plan?</Label>
          <Input
            id={`${id}-prompt`}
            value={prompt}
            maxLength={2000}
            placeholder="e.g. move to a new flat in May"
            onChange={(e) => setPrompt(e.currentTarget.value)}
          />
        </div>
        <Button type="submit" disabled={generate.status === "running"}>
          <Sparkles aria-hidden="true" /> Generate plan
        </Button>
      </form>
      <AiActionOutput
        label="Generated plan"
        status={generate.status}
        text={generate.text}
        error={generate.error}
        onStop={generate.stop}
      />
      <form onSubmit={onQuickAdd} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <Label htmlFor={`${id}-quick`}>Quick task</Label>
          <Input
            id={`${id}-quick`}
            value={quick}
            maxLength={200}
            onChange={(e) => setQuick(e.currentTarget.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-priority`}>Priority</Label>
          <select
            id={`${id}-priority`}
            value={priority}
            className={selectClass}
            onChange={(e) => setPriority(e.currentTarget.value as TaskPriority)}
          >
            {taskPriorities.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="outline" disabled={!quick.trim()}>
          <Plus aria-hidden="true" /> Add task
        </Button>
      </form>
      <div className="grid gap-3 md:grid-cols-3">
        {(Object.keys(statusTitles) as TaskStatus[]).map((status) => {
          const column = tasks.filter((task) => task.status === status);
          return (
            <section
              key={status}
              aria-label={statusTitles[status]}
              className="grid content-start gap-2 rounded-lg bg-muted/40 p-2"
            >
              <h2 className="text-sm font-semibold">
                {statusTitles[status]} <span className="text-muted-foreground">({column.length})</span>
              </h2>
              {column.length === 0 ? <p className="text-xs text-muted-foreground">No tasks.</p> : null}
              <ul className="grid gap-2">
                {column.map((task) => (
                  <TaskCard
                    key={task.id}
                    task={task}
                    onForward={() => doc.setContent(moveForward(tasks, task.id))}
                    onDelete={() => deleteTask(task.id)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => exportPlan("md")} disabled={tasks.length === 0}>
          <FileDown aria-hidden="true" /> Export Markdown
        </Button>
        <Button variant="outline" onClick={() => exportPlan("json")} disabled={tasks.length === 0}>
          <FileDown aria-hidden="true" /> Export JSON
        </Button>
      </div>
    </AppScreen>
  );
}
