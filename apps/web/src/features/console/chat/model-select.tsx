import { ChevronDown } from "lucide-react";
import { useMemo } from "react";
import { cn } from "@/lib/cn";
import { useProviders } from "@/lib/resources/providers";

/** A provider and a model: the select's value is `provider:model` (provider ids have no colon). */
export interface ModelChoice {
  provider: string;
  model: string;
}

export const choiceValue = (c: ModelChoice) => `${c.provider}:${c.model}`;

export function choiceOf(value: string): ModelChoice | null {
  const at = value.indexOf(":");
  if (at <= 0) return null;
  return { provider: value.slice(0, at), model: value.slice(at + 1) };
}

/** The models of the providers the person can use (a key or a local server), each provider's default first. */
export function useModelGroups() {
  const providers = useProviders();
  return useMemo(() => {
    const list = providers.data?.providers ?? [];
    return list
      .filter((p) => p.configured)
      .map((p) => ({
        id: p.id,
        name: p.name,
        models: [p.defaultModel, ...p.models.filter((m) => m !== p.defaultModel)].filter(Boolean),
      }));
  }, [providers.data]);
}

/**
 * A native select of the usable providers' models (grouped by provider), with a first option
 * for "no choice" (its words given): keyboard accessible as it is.
 */
export function ModelSelect({
  id,
  value,
  onChange,
  noChoice,
  disabled,
  className,
}: {
  id: string;
  /** `provider:model`, or "" for the first option. */
  value: string;
  onChange: (value: string) => void;
  noChoice: string;
  disabled?: boolean;
  className?: string;
}) {
  const groups = useModelGroups();
  const known = value === "" || groups.some((g) => g.models.some((m) => `${g.id}:${m}` === value));
  const chosen = choiceOf(value);
  return (
    <div className={cn("relative min-w-0", className)}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        className="h-9 w-full appearance-none truncate rounded-md border border-input bg-background py-1 pr-8 pl-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-60"
      >
        <option value="">{noChoice}</option>
        {groups.map((group) => (
          <optgroup key={group.id} label={group.name}>
            {group.models.map((model) => (
              <option key={model} value={`${group.id}:${model}`}>
                {model}
              </option>
            ))}
          </optgroup>
        ))}
        {known || !chosen ? null : (
          <option value={value}>
            {chosen.provider} · {chosen.model || "its default model"}
          </option>
        )}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
    </div>
  );
}
