import {
  type ProviderId,
  type ProviderInfo,
  type ProviderStatus,
  providerCatalog,
  type UserSettings,
} from "@neuroos/contracts";
import { LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/text-field";
import { errorMessage } from "@/lib/api";
import { useTestConnection } from "@/lib/resources/settings";
import { SelectField } from "./fields";
import { LocalModels } from "./local-models";

export function ModelSelect({
  label,
  provider,
  info,
  value,
  error,
  onChange,
}: {
  label: string;
  provider: ProviderId;
  info: ProviderInfo | undefined;
  value: string;
  error?: string;
  onChange: (model: string) => void;
}) {
  const models = info?.models ?? [...providerCatalog[provider].models];
  const options = value && !models.includes(value) ? [value, ...models] : models;
  return (
    <SelectField label={label} value={value} error={error} onChange={(e) => onChange(e.target.value)}>
      <option value="">
        Provider default ({info?.defaultModel ?? providerCatalog[provider].defaultModel})
      </option>
      {options.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
    </SelectField>
  );
}

export function ProviderCard({
  id,
  info,
  saved,
  draft,
  errors,
  onChange,
  onRemoveKey,
  removing,
}: {
  id: ProviderId;
  info: ProviderInfo | undefined;
  saved: UserSettings;
  draft: ProviderDraft;
  errors: Errors;
  onChange: (patch: Partial<ProviderDraft>) => void;
  onRemoveKey: () => void;
  removing: boolean;
}) {
  const name = info?.name ?? providerCatalog[id].name;
  const headingId = `provider-${id}-heading`;
  const savedKey = saved.providers[id]?.apiKey;
  return (
    <Card className="grid gap-4 p-4 sm:p-6" role="group" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {name}
        </h3>
        <span className="text-xs text-muted-foreground">
          {info ? (info.configured ? "Configured" : "Not configured") : ""}
          {info && info.keySource === "server" ? " · server key" : ""}
        </span>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {keyedProviders.includes(id) ? (
          <div className="grid gap-1.5 sm:col-span-2">
            <TextField
              name={`providers.${id}.apiKey`}
              label={`${name} API key`}
              type="password"
              autoComplete="off"
              placeholder={savedKey?.set ? "Enter a new key to replace the saved one" : "Paste your API key"}
              value={draft.apiKey}
              error={errors[`providers.${id}.apiKey`]}
              onChange={(e) => onChange({ apiKey: e.target.value })}
            />
            {savedKey?.set ? (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="text-muted-foreground">Saved key:</span>
                <code
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
                  data-testid={`${id}-key-mask`}
                >
                  {savedKey.masked}
                </code>
                {savedKey.readable ? null : (
                  <span className="text-danger-text">It can no longer be read: enter it again.</span>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onRemoveKey}
                  disabled={removing}
                  aria-label={`Remove ${name} key`}
                >
                  Remove key
                </Button>
              </div>
            ) : null}
          </div>
        ) : null}
        {id === "local" ? null : (
          <TextField
            name={`providers.${id}.baseUrl`}
            label={`${name} base URL`}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={providerCatalog[id].defaultBaseUrl}
            value={draft.baseUrl}
            error={errors[`providers.${id}.baseUrl`]}
            onChange={(e) => onChange({ baseUrl: e.target.value })}
          />
        )}
        <ModelSelect
          label={`${name} model`}
          provider={id}
          info={info}
          value={draft.model}
          error={errors[`providers.${id}.model`]}
          onChange={(model) => onChange({ model })}
        />
      </div>
      {id === "local" ? <LocalModels /> : null}
      <ConnectionTest id={id} name={name} />
    </Card>
  );
}

const statusLabels: Record<ProviderStatus["status"], string> = {
  active: "Active",
  unconfigured: "Not configured",
  invalid_key: "Invalid key",
  rate_limited: "Rate limited",
  unreachable: "Unreachable",
  error: "Error",
};

function ConnectionTest({ id, name }: { id: ProviderId; name: string }) {
  const test = useTestConnection();
  const result = test.data;
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
      <Button
        variant="outline"
        size="sm"
        onClick={() => test.mutate(id)}
        disabled={test.isPending}
        aria-label={`Test connection to ${name}`}
      >
        {test.isPending ? <LoaderCircle className="motion-safe:animate-spin" aria-hidden="true" /> : null}
        Test connection
      </Button>
      <p
        role="status"
        aria-live="polite"
        className="min-w-0 flex-1 text-sm break-words"
        data-testid={`${id}-status`}
      >
        {test.isPending ? (
          <span className="text-muted-foreground">Checking…</span>
        ) : test.isError ? (
          <span className="text-danger-text">{errorMessage(test.error, "The check failed.")}</span>
        ) : result ? (
          <>
            <span className="inline-flex items-center gap-1.5 font-medium">
              <span
                aria-hidden="true"
                className={
                  result.status === "active"
                    ? "size-2 rounded-full bg-success"
                    : "size-2 rounded-full bg-destructive"
                }
              />
              {statusLabels[result.status]}
            </span>
            <span className="text-muted-foreground"> — {result.detail}</span>
          </>
        ) : (
          <span className="text-muted-foreground">Tests the saved settings.</span>
        )}
      </p>
    </div>
  );
}

export type Errors = Record<string, string>;

export interface ProviderDraft {
  /** A new key typed in; empty keeps the saved one. */
  apiKey: string;
  baseUrl: string;
  model: string;
}

export const keyedProviders: ProviderId[] = ["openai", "anthropic", "huggingface"];
