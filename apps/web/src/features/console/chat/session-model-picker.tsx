import type { ChatSession } from "@neuroos/contracts";
import { useId, useState } from "react";
import { errorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useAgents } from "@/lib/resources/agents";
import { useSetSessionModel } from "@/lib/resources/messages";
import { useProviders } from "@/lib/resources/providers";
import { toast } from "@/lib/toast";
import { choiceOf, ModelSelect } from "./model-select";

/** What a session without a model of its own uses: its agent's, else the person's default. */
function useFallbackModel(agentId: string | null): string {
  const agents = useAgents();
  const providers = useProviders();
  const agent = agentId ? agents.data?.find((a) => a.id === agentId) : undefined;
  const data = providers.data;
  const providerId = agent?.provider ?? data?.usableProvider ?? data?.defaultProvider;
  const provider = data?.providers.find((p) => p.id === providerId);
  const model =
    agent?.model ?? (agent?.provider && agent.provider !== provider?.id ? null : provider?.defaultModel);
  if (!provider) return agent ? "the agent's model" : "your default model";
  return `${provider.name} · ${model ?? provider.defaultModel}`;
}

/**
 * The session's provider and model for its next turns, in the chat's header: its own choice, or
 * "Default" (the agent's, else the person's default, named). A change is stored at once (PATCH).
 */
export function SessionModelPicker({
  session,
  className,
}: {
  session: ChatSession | null;
  className?: string;
}) {
  const id = useId();
  const setModel = useSetSessionModel();
  const [chosen, setChosen] = useState<string | null>(null);
  const fallback = useFallbackModel(session?.agentId ?? null);
  const stored = session?.provider ? `${session.provider}:${session.model ?? ""}` : "";

  const onChange = (value: string) => {
    if (!session) return;
    setChosen(value);
    const choice = choiceOf(value);
    setModel.mutate(
      { id: session.id, provider: choice?.provider ?? null, model: choice?.model || null },
      {
        onSettled: () => setChosen(null),
        onError: (err) =>
          toast({
            title: "Could not change the model",
            description: errorMessage(err, "Please try again."),
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <div className={cn("flex min-w-0 items-center gap-2", className)}>
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-muted-foreground">
        Model
      </label>
      <ModelSelect
        id={id}
        value={chosen ?? stored}
        onChange={onChange}
        noChoice={`Default (${fallback})`}
        disabled={!session}
        className="flex-1"
      />
    </div>
  );
}
