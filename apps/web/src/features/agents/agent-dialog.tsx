import {
  type Agent,
  agentToolNames,
  createAgentSchema,
  type ProviderId,
  updateAgentSchema,
} from "@neuroos/contracts";
import { type FormEvent, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, HttpError } from "@/lib/api";
import { fieldErrors, focusFirstInvalid } from "@/lib/form-validation";
import { useCreateAgent, useUpdateAgent } from "@/lib/resources/agents";
import { toast } from "@/lib/toast";
import { CheckboxField, TemperatureField, TextareaField } from "../settings";
import { AgentModelFields } from "./agent-model-fields";
import { AgentToolsFieldset } from "./agent-tools-fieldset";

type Errors = Record<string, string>;

interface Draft {
  name: string;
  description: string;
  systemPrompt: string;
  provider: ProviderId | "";
  model: string;
  temperature: string;
  tools: string[];
  safeMode: boolean;
}

function draftFrom(agent: Agent | null): Draft {
  return {
    name: agent?.name ?? "",
    description: agent?.description ?? "",
    systemPrompt: agent?.systemPrompt ?? "",
    provider: agent?.provider ?? "",
    model: agent?.model ?? "",
    temperature: String(agent?.temperature ?? 0.7),
    tools: agent ? [...agent.tools] : [...agentToolNames],
    safeMode: agent?.safeMode ?? true,
  };
}

/** Creates an agent (agent null) or edits one; validated with the contracts schemas. */
export function AgentDialog({ agent, onClose }: { agent: Agent | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(agent));
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const pending = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = {
      name: draft.name,
      description: draft.description,
      systemPrompt: draft.systemPrompt,
      provider: draft.provider || null,
      model: draft.provider && draft.model.trim() ? draft.model.trim() : null,
      temperature: draft.temperature.trim() === "" ? Number.NaN : Number(draft.temperature),
      tools: draft.tools,
      safeMode: draft.safeMode,
    };
    const parsed = (agent ? updateAgentSchema : createAgentSchema).safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    const onError = (error: Error) => {
      if (error instanceof HttpError && error.fields) setErrors(error.fields);
      else setErrors({ form: errorMessage(error, "The agent could not be saved.") });
    };
    if (agent) {
      update.mutate(
        { id: agent.id, input },
        {
          onSuccess: (saved) => {
            toast({ title: "Agent saved", description: `${saved.name} was updated.` });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          toast({ title: "Agent created", description: `${saved.name} was created.` });
          onClose();
        },
        onError,
      });
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={agent ? `Edit ${agent.name}` : "New agent"}
      description="Its instructions, model and the tools it may use."
    >
      <form noValidate onSubmit={handleSubmit} className="grid gap-4 p-5">
        <TextField
          name="name"
          label="Name"
          value={draft.name}
          error={errors.name}
          maxLength={100}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          name="description"
          label="Description"
          value={draft.description}
          error={errors.description}
          onChange={(e) => set({ description: e.target.value })}
        />
        <TextareaField
          name="systemPrompt"
          label="System prompt"
          value={draft.systemPrompt}
          error={errors.systemPrompt}
          onChange={(e) => set({ systemPrompt: e.target.value })}
        />
        <AgentModelFields
          provider={draft.provider}
          model={draft.model}
          errors={errors}
          onChange={(patch) => set(patch)}
        />
        <TemperatureField
          value={draft.temperature}
          error={errors.temperature}
          onChange={(temperature) => set({ temperature })}
        />
        <AgentToolsFieldset tools={draft.tools} error={errors.tools} onChange={(tools) => set({ tools })} />
        <CheckboxField
          label="Safe mode"
          description="Ask before running code or commands, or writing files. While your own safe mode (Settings) is on, this agent asks first even with this off: yours is the safe rule and it wins."
          checked={draft.safeMode}
          onCheckedChange={(safeMode) => set({ safeMode })}
        />
        <FormActions
          error={errors.form}
          pending={pending}
          label={agent ? "Save agent" : "Create agent"}
          pendingLabel="Saving…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
