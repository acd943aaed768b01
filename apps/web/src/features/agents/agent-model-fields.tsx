import { type ProviderId, providerCatalog, providerIds } from "@neuroos/contracts";
import { useProviders } from "@/lib/resources/providers";
import { SelectField } from "../settings";

/** The agent's provider (or the default from Settings) and, for a chosen provider, its model. */
export function AgentModelFields({
  provider,
  model,
  errors,
  onChange,
}: {
  provider: ProviderId | "";
  model: string;
  errors: Record<string, string>;
  onChange: (patch: { provider?: ProviderId | ""; model?: string }) => void;
}) {
  const providers = useProviders();
  const models = provider
    ? (providers.data?.providers.find((p) => p.id === provider)?.models ?? [
        ...providerCatalog[provider].models,
      ])
    : [];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        name="provider"
        label="Provider"
        value={provider}
        error={errors.provider}
        onChange={(e) => onChange({ provider: e.target.value as ProviderId | "", model: "" })}
      >
        <option value="">Default from Settings</option>
        {providerIds.map((id) => (
          <option key={id} value={id}>
            {providers.data?.providers.find((p) => p.id === id)?.name ?? providerCatalog[id].name}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="model"
        label="Model"
        value={model}
        error={errors.model}
        disabled={!provider}
        onChange={(e) => onChange({ model: e.target.value })}
      >
        <option value="">{provider ? "Provider default" : "Default from Settings"}</option>
        {(model && !models.includes(model) ? [model, ...models] : models).map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
