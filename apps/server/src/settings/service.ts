import {
  defaultPreferences,
  type ProviderId,
  providerCatalog,
  providerIds,
  type StoredPreferences,
  type UpdateSettings,
  type UserSettings,
  type updateSettingsSchema,
} from "@neuroos/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { userProviderSettings, userSettings } from "../db/schema";
import { AppError } from "../http/errors";
import type { ProviderAccess, ReadAccess, UserLlmAccess } from "../llm/access";
import { checkEndpoint, type EndpointPolicy, EndpointRefusedError } from "../platform/endpoint-guard";
import { maskKey, type SecretBox } from "../platform/secret-box";

export interface SettingsDeps {
  db: Db;
  box: SecretBox;
  endpointPolicy: EndpointPolicy;
  /**
   * Tries a provider with access not saved yet (lists its models); resolves with whether it
   * answered and the provider's own words. A new key is saved only when this says it works.
   */
  tryAccess?: (provider: ProviderId, access: UserLlmAccess) => Promise<{ status: string; detail: string }>;
}

const storedPreferencesSchema = z.object({
  defaultProvider: z.enum(providerIds).catch(defaultPreferences.defaultProvider),
  temperature: z.number().min(0).max(2).catch(defaultPreferences.temperature),
  maxTokens: z.number().int().min(1).catch(defaultPreferences.maxTokens),
  memory: z
    .object({
      conversation: z.boolean().catch(defaultPreferences.memory.conversation),
      crossSession: z.boolean().catch(defaultPreferences.memory.crossSession),
    })
    .catch(defaultPreferences.memory),
  safeMode: z.boolean().catch(defaultPreferences.safeMode),
  models: z.partialRecord(z.enum(providerIds), z.string()).catch({}),
});

const keyContext = (userId: string, provider: ProviderId) => `user-api-key:${userId}:${provider}`;

/** The user's preferences and per-provider access (keys decrypted), for the LLM gateway. */
/** The gateway's way to read a person's access: their settings, keys decrypted with `box`. */
export const accessReader =
  (db: Db, box: SecretBox): ReadAccess =>
  (userId) =>
    loadAccess(db, box, userId);

export async function loadAccess(db: Db, box: SecretBox, userId: string): Promise<UserLlmAccess> {
  // One round trip. Saving always writes the user_settings row with the provider rows, so a
  // user without it has no provider rows either.
  const rows = await db
    .select({
      preferences: userSettings.preferences,
      preferencesAt: userSettings.updatedAt,
      provider: userProviderSettings.provider,
      apiKeyCiphertext: userProviderSettings.apiKeyCiphertext,
      baseUrl: userProviderSettings.baseUrl,
      updatedAt: userProviderSettings.updatedAt,
    })
    .from(userSettings)
    .leftJoin(userProviderSettings, eq(userProviderSettings.userId, userSettings.userId))
    .where(eq(userSettings.userId, userId));
  const pref = rows[0] ? { preferences: rows[0].preferences, updatedAt: rows[0].preferencesAt } : null;
  const providerRows = rows.filter((r) => r.provider !== null);
  const preferences = storedPreferencesSchema.parse({ ...defaultPreferences, ...(pref?.preferences ?? {}) });
  const providers = Object.fromEntries(
    providerIds.map((id) => [id, { apiKey: null, keyUnreadable: false, baseUrl: null }]),
  ) as Record<ProviderId, ProviderAccess>;
  let updatedAt = pref?.updatedAt ?? null;
  for (const row of providerRows) {
    const id = row.provider as ProviderId;
    if (!row.updatedAt) continue;
    if (!providerIds.includes(id)) continue;
    const apiKey = row.apiKeyCiphertext ? box.open(row.apiKeyCiphertext, keyContext(userId, id)) : null;
    providers[id] = {
      apiKey,
      keyUnreadable: row.apiKeyCiphertext !== null && apiKey === null,
      baseUrl: row.baseUrl,
    };
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { preferences, providers, updatedAt };
}

/** The settings as the client sees them: keys only masked. */
export function present(access: UserLlmAccess): UserSettings {
  const { preferences: p } = access;
  const providers = Object.fromEntries(
    providerIds.map((id) => {
      const a = access.providers[id];
      const set = a.apiKey !== null || a.keyUnreadable;
      return [
        id,
        {
          apiKey: { set, masked: a.apiKey ? maskKey(a.apiKey) : null, readable: !a.keyUnreadable },
          baseUrl: a.baseUrl,
          model: p.models[id] ?? null,
        },
      ];
    }),
  ) as UserSettings["providers"];
  return {
    defaultProvider: p.defaultProvider,
    temperature: p.temperature,
    maxTokens: p.maxTokens,
    memory: p.memory,
    safeMode: p.safeMode,
    providers,
    updatedAt: access.updatedAt?.toISOString() ?? null,
  };
}

export async function getSettings(db: Db, box: SecretBox, userId: string): Promise<UserSettings> {
  return present(await loadAccess(db, box, userId));
}

/** A user base URL, checked against the SSRF policy and stored without a trailing slash. */
async function checkedBaseUrl(provider: ProviderId, raw: string, policy: EndpointPolicy): Promise<string> {
  const field = `providers.${provider}.baseUrl`;
  try {
    const url = await checkEndpoint(raw, policy);
    return url.href.replace(/\/+$/, "");
  } catch (err) {
    if (!(err instanceof EndpointRefusedError)) throw err;
    throw new AppError(400, "llm_endpoint_refused", err.message, { [field]: err.message });
  }
}

/** Refuses a new key the provider does not accept (400, the provider's own message), saving nothing. */
async function tryNewKey(
  deps: SettingsDeps,
  provider: ProviderId,
  apiKey: string,
  baseUrl: string | null | undefined,
  current: UserLlmAccess,
): Promise<void> {
  if (!deps.tryAccess) return;
  const was = current.providers[provider];
  const trial: UserLlmAccess = {
    ...current,
    providers: {
      ...current.providers,
      [provider]: { apiKey, keyUnreadable: false, baseUrl: baseUrl === undefined ? was.baseUrl : baseUrl },
    },
  };
  const verdict = await deps.tryAccess(provider, trial);
  if (verdict.status === "active" || verdict.status === "rate_limited") return;
  const field = `providers.${provider}.apiKey`;
  const message = `${providerCatalog[provider].name} did not accept this key: ${verdict.detail}`;
  const code = verdict.status === "invalid_key" ? "llm_invalid_key" : "llm_provider_down";
  throw new AppError(400, code, message, { [field]: message });
}

export async function updateSettings(
  deps: SettingsDeps,
  userId: string,
  input: z.output<typeof updateSettingsSchema>,
): Promise<UserSettings> {
  const { db, box } = deps;
  const changes = Object.entries(input.providers ?? {}) as [
    ProviderId,
    NonNullable<NonNullable<UpdateSettings["providers"]>[ProviderId]>,
  ][];
  const baseUrls = new Map<ProviderId, string | null>();
  for (const [id, change] of changes) {
    if (id === "local" && (change.apiKey != null || change.baseUrl != null)) {
      throw new AppError(400, "validation_failed", "The local provider has no API key or base URL", {
        "providers.local": "The local provider has no API key or base URL",
      });
    }
    if (change.baseUrl !== undefined) {
      baseUrls.set(id, change.baseUrl ? await checkedBaseUrl(id, change.baseUrl, deps.endpointPolicy) : null);
    }
  }
  const current = await loadAccess(db, box, userId);
  for (const [id, change] of changes) {
    if (change.apiKey) await tryNewKey(deps, id, change.apiKey, baseUrls.get(id), current);
  }
  const prefs: StoredPreferences = {
    ...current.preferences,
    ...(input.defaultProvider !== undefined && { defaultProvider: input.defaultProvider }),
    ...(input.temperature !== undefined && { temperature: input.temperature }),
    ...(input.maxTokens !== undefined && { maxTokens: input.maxTokens }),
    ...(input.safeMode !== undefined && { safeMode: input.safeMode }),
    memory: { ...current.preferences.memory, ...input.memory },
    models: { ...current.preferences.models },
  };
  for (const [id, change] of changes) {
    if (change.model === null) delete prefs.models[id];
    else if (change.model !== undefined) prefs.models[id] = change.model;
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(userSettings)
      .values({ userId, preferences: { ...prefs }, updatedAt: now })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: { preferences: { ...prefs }, updatedAt: now },
      });
    for (const [id, change] of changes) {
      const set: Partial<typeof userProviderSettings.$inferInsert> = { updatedAt: now };
      if (change.apiKey !== undefined) {
        set.apiKeyCiphertext =
          change.apiKey === null ? null : box.seal(change.apiKey, keyContext(userId, id));
      }
      if (baseUrls.has(id)) set.baseUrl = baseUrls.get(id) ?? null;
      if (Object.keys(set).length === 1) continue;
      await tx
        .insert(userProviderSettings)
        .values({ userId, provider: id, ...set })
        .onConflictDoUpdate({ target: [userProviderSettings.userId, userProviderSettings.provider], set });
    }
    await tx
      .delete(userProviderSettings)
      .where(
        and(
          eq(userProviderSettings.userId, userId),
          isNull(userProviderSettings.apiKeyCiphertext),
          isNull(userProviderSettings.baseUrl),
        ),
      );
  });
  return getSettings(db, box, userId);
}
