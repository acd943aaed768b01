import type { ProviderId, ProviderInfo } from "@neuroos/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Download, KeyRound, PlugZap, RefreshCw } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api";
import { providersKey } from "@/lib/resources/providers";
import { useLocalModels, useSaveSettings, useTestConnection } from "@/lib/resources/settings";
import { toast } from "@/lib/toast";
import { SelectField } from "./fields";
import { LocalModels } from "./local-models";

const KEYED_PROVIDERS: ProviderId[] = ["openai", "anthropic", "huggingface"];

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2 border-t border-border pt-3 first:border-t-0 first:pt-0">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

function OllamaStep({ ollama }: { ollama: ProviderInfo | undefined }) {
  const check = useTestConnection();
  const queryClient = useQueryClient();
  const onCheck = () =>
    check.mutate("ollama", {
      onSettled: () => queryClient.invalidateQueries({ queryKey: providersKey }),
    });
  const address = ollama?.baseUrl ?? "http://localhost:11434";
  return (
    <Step icon={<PlugZap className="size-4" aria-hidden="true" />} title="Connect Ollama">
      <p className="text-sm text-muted-foreground">
        Ollama did not answer at <code className="font-mono text-xs break-all">{address}</code>. Start it (
        <code className="font-mono text-xs">ollama serve</code>) and pull a model, then check again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={onCheck} disabled={check.isPending}>
          <RefreshCw className={check.isPending ? "motion-safe:animate-spin" : ""} aria-hidden="true" />
          Check for Ollama
        </Button>
        {check.data && check.data.status !== "active" ? (
          <p role="status" className="text-xs text-muted-foreground">
            Not found: {check.data.detail}
          </p>
        ) : null}
      </div>
    </Step>
  );
}

function ApiKeyStep({ providers }: { providers: ProviderInfo[] }) {
  const [provider, setProvider] = useState<ProviderId>("openai");
  const [apiKey, setApiKey] = useState("");
  const save = useSaveSettings();
  const name = providers.find((p) => p.id === provider)?.name ?? provider;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!apiKey.trim()) return;
    save.mutate(
      { defaultProvider: provider, providers: { [provider]: { apiKey: apiKey.trim() } } },
      {
        onSuccess: () => {
          setApiKey("");
          toast({ title: `${name} key saved`, description: "It is stored encrypted; the chat can start." });
        },
      },
    );
  };
  return (
    <Step icon={<KeyRound className="size-4" aria-hidden="true" />} title="Paste an API key">
      <form onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
        <SelectField
          label="Provider"
          value={provider}
          onChange={(event) => setProvider(event.target.value as ProviderId)}
        >
          {KEYED_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {providers.find((info) => info.id === p)?.name ?? p}
            </option>
          ))}
        </SelectField>
        <TextField
          name="apiKey"
          type="password"
          label={`${name} API key`}
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
        <Button type="submit" disabled={!apiKey.trim() || save.isPending}>
          Save key
        </Button>
      </form>
      {save.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(save.error, "The key could not be saved.")}
        </p>
      ) : null}
    </Step>
  );
}

/**
 * Shown in the chat while no model provider is usable: the three ways to get one (a running
 * Ollama, an API key, or a local model downloaded to the server) instead of a failed first reply.
 */
export function SetupCard({
  providers,
  title = "Connect a model to start chatting",
}: {
  providers: ProviderInfo[];
  /** What a model is needed for, e.g. 'Connect a model to use Summarize'. */
  title?: string;
}) {
  const models = useLocalModels();
  const queryClient = useQueryClient();
  const installed = models.data?.filter((m) => m.installed).length ?? 0;
  // A finished download makes the local provider usable.
  useEffect(() => {
    if (installed > 0) void queryClient.invalidateQueries({ queryKey: providersKey });
  }, [installed, queryClient]);

  return (
    <Card role="region" aria-labelledby="setup-card-title" className="m-3 grid gap-3 p-4 sm:m-4">
      <div>
        <h2 id="setup-card-title" className="text-base font-semibold">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">
          No language model is usable yet. Choose one of these; you can change it later in Settings.
        </p>
      </div>
      <OllamaStep ollama={providers.find((p) => p.id === "ollama")} />
      <ApiKeyStep providers={providers} />
      <Step icon={<Download className="size-4" aria-hidden="true" />} title="Download the local model">
        <p className="text-sm text-muted-foreground">
          A small model that runs on this server, with no key and no data leaving it.
        </p>
        <LocalModels />
      </Step>
    </Card>
  );
}
