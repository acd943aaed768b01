import {
  type ProviderId,
  providerCatalog,
  providerIds,
  type UpdateSettings,
  type UserSettings,
  updateSettingsSchema,
} from "@neuroos/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { TextField } from "@/components/ui/text-field";
import { errorMessage, HttpError } from "@/lib/api";
import { focusFirstInvalid } from "@/lib/form-validation";
import { useProviders } from "@/lib/resources/providers";
import { useSaveSettings, useSettings } from "@/lib/resources/settings";
import { toast } from "@/lib/toast";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { AccessTokensSection } from "./access-tokens-section";
import { AccessibilitySettingsPanel } from "./accessibility-settings-panel";
import { ConnectedAppsSection } from "./connected-apps-section";
import { EmailSection } from "./email-section";
import { CheckboxField, SelectField, TemperatureField } from "./fields";
import { MemorySection } from "./memory-section";
import { type Errors, ModelSelect, ProviderCard, type ProviderDraft } from "./provider-card";

interface Draft {
  defaultProvider: ProviderId;
  temperature: string;
  maxTokens: string;
  memory: { conversation: boolean; crossSession: boolean };
  safeMode: boolean;
  providers: Record<ProviderId, ProviderDraft>;
}

/** Providers whose key and address a user can set (the local model has neither). */
function draftFrom(settings: UserSettings): Draft {
  const providers = {} as Record<ProviderId, ProviderDraft>;
  for (const id of providerIds) {
    const saved = settings.providers[id];
    providers[id] = { apiKey: "", baseUrl: saved?.baseUrl ?? "", model: saved?.model ?? "" };
  }
  return {
    defaultProvider: settings.defaultProvider,
    temperature: String(settings.temperature),
    maxTokens: String(settings.maxTokens),
    memory: { ...settings.memory },
    safeMode: settings.safeMode,
    providers,
  };
}

function toNumber(value: string): number {
  return value.trim() === "" ? Number.NaN : Number(value);
}

function updateFrom(draft: Draft): UpdateSettings {
  const providers: NonNullable<UpdateSettings["providers"]> = {};
  for (const id of providerIds) {
    const p = draft.providers[id];
    providers[id] = {
      ...(p.apiKey.trim() ? { apiKey: p.apiKey.trim() } : {}),
      ...(id === "local" ? {} : { baseUrl: p.baseUrl.trim() || null }),
      model: p.model || null,
    };
  }
  return {
    defaultProvider: draft.defaultProvider,
    temperature: toNumber(draft.temperature),
    maxTokens: toNumber(draft.maxTokens),
    memory: draft.memory,
    safeMode: draft.safeMode,
    providers,
  };
}

/** Zod issue paths joined like the server's field names ("providers.openai.baseUrl"). */
function issuesToErrors(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) errors[issue.path.map(String).join(".") || "form"] ??= issue.message;
  return errors;
}

/** /dashboard/settings: model providers, generation defaults, memory and safe mode. */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6 p-4 sm:p-6">
      <title>Settings · NeuroOS</title>
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">
          Model providers, generation defaults, memory, safe mode, access tokens and accessibility. API keys
          are stored encrypted and only shown masked.
        </p>
      </header>
      {settings.isPending ? (
        <Spinner label="Loading settings…" />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-danger-text">
          {errorMessage(settings.error, "The settings could not be loaded.")}
        </p>
      ) : (
        <SettingsForm key={settings.data.updatedAt ?? "defaults"} settings={settings.data} />
      )}
      <EmailSection />
      <MemorySection />
      <AccessTokensSection />
      <ConnectedAppsSection />
      <Card className="p-4 sm:p-6">
        <AccessibilitySettingsPanel />
      </Card>
    </div>
  );
}

function SettingsForm({ settings }: { settings: UserSettings }) {
  const [draft, setDraft] = useState<Draft>(() => draftFrom(settings));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveSettings();
  const providers = useProviders();
  const info = (id: ProviderId) => providers.data?.providers.find((p) => p.id === id);

  const setProvider = (id: ProviderId, patch: Partial<ProviderDraft>) =>
    setDraft((d) => ({ ...d, providers: { ...d.providers, [id]: { ...d.providers[id], ...patch } } }));

  function submit(update: UpdateSettings, onSaved: () => void, title: string) {
    save.mutate(update, {
      onSuccess: () => {
        setErrors({});
        onSaved();
        toast({ title });
      },
      onError: (error) => {
        if (error instanceof HttpError && error.fields) setErrors(error.fields);
        toast({
          variant: "destructive",
          title: "Settings not saved",
          description: errorMessage(error, "The settings could not be saved."),
        });
      },
    });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const update = updateFrom(draft);
    const parsed = updateSettingsSchema.safeParse(update);
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error.issues);
      setErrors(found);
      const form = event.currentTarget;
      focusFirstInvalid(form);
      return;
    }
    submit(update, () => setDraft((d) => ({ ...d, providers: clearKeys(d.providers) })), "Settings saved");
  }

  function removeKey(id: ProviderId) {
    submit(
      { providers: { [id]: { apiKey: null } } },
      () => setProvider(id, { apiKey: "" }),
      "API key removed",
    );
  }

  const defaultInfo = info(draft.defaultProvider);
  useUnsavedChanges(
    !save.isPending && JSON.stringify(draft) !== JSON.stringify(draftFrom(settings)),
    "Your changes to the settings are",
  );

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-6">
      <Card className="grid gap-4 p-4 sm:p-6">
        <h2 className="text-lg font-semibold">Defaults</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Default provider"
            value={draft.defaultProvider}
            error={errors.defaultProvider}
            onChange={(e) => setDraft((d) => ({ ...d, defaultProvider: e.target.value as ProviderId }))}
          >
            {providerIds.map((id) => (
              <option key={id} value={id}>
                {info(id)?.name ?? providerCatalog[id].name}
              </option>
            ))}
          </SelectField>
          <ModelSelect
            label="Default model"
            provider={draft.defaultProvider}
            info={defaultInfo}
            value={draft.providers[draft.defaultProvider].model}
            error={errors[`providers.${draft.defaultProvider}.model`]}
            onChange={(model) => setProvider(draft.defaultProvider, { model })}
          />
          <TemperatureField
            value={draft.temperature}
            error={errors.temperature}
            onChange={(temperature) => setDraft((d) => ({ ...d, temperature }))}
          />
          <TextField
            name="maxTokens"
            label="Max tokens"
            type="number"
            inputMode="numeric"
            step="1"
            min={1}
            value={draft.maxTokens}
            error={errors.maxTokens}
            onChange={(e) => setDraft((d) => ({ ...d, maxTokens: e.target.value }))}
          />
        </div>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">Memory and safety</legend>
          <CheckboxField
            label="Conversation memory"
            description="Send the session's earlier messages with each chat message."
            checked={draft.memory.conversation}
            onCheckedChange={(conversation) =>
              setDraft((d) => ({ ...d, memory: { ...d.memory, conversation } }))
            }
          />
          <CheckboxField
            label="Cross-session memory"
            description="Let the assistant use what it learned in other sessions."
            checked={draft.memory.crossSession}
            onCheckedChange={(crossSession) =>
              setDraft((d) => ({ ...d, memory: { ...d.memory, crossSession } }))
            }
          />
          <CheckboxField
            label="Safe mode"
            description="Ask before the assistant runs code or commands, or writes files."
            checked={draft.safeMode}
            onCheckedChange={(safeMode) => setDraft((d) => ({ ...d, safeMode }))}
          />
        </fieldset>
      </Card>

      <section aria-labelledby="providers-heading" className="grid gap-4">
        <h2 id="providers-heading" className="text-lg font-semibold">
          Providers
        </h2>
        {providerIds.map((id) => (
          <ProviderCard
            key={id}
            id={id}
            info={info(id)}
            saved={settings}
            draft={draft.providers[id]}
            errors={errors}
            onChange={(patch) => setProvider(id, patch)}
            onRemoveKey={() => removeKey(id)}
            removing={save.isPending}
          />
        ))}
      </section>

      <div className="sticky bottom-0 flex justify-end border-t border-border bg-background/95 py-3 backdrop-blur">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save settings"}
        </Button>
      </div>
    </form>
  );
}

function clearKeys(providers: Record<ProviderId, ProviderDraft>): Record<ProviderId, ProviderDraft> {
  const next = { ...providers };
  for (const id of providerIds) next[id] = { ...next[id], apiKey: "" };
  return next;
}
