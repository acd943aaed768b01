import type { ProviderId, StoredPreferences } from "@neuroos/contracts";

/** What the gateway needs of one provider for one user: the decrypted key and base URL. */
export interface ProviderAccess {
  apiKey: string | null;
  /** A key is stored but cannot be decrypted (the server key changed). */
  keyUnreadable: boolean;
  baseUrl: string | null;
}

/** A person's model settings as the gateway uses them. */
export interface UserLlmAccess {
  preferences: StoredPreferences;
  providers: Record<ProviderId, ProviderAccess>;
  updatedAt: Date | null;
}

/** Reads a person's access (their settings feature supplies it: the gateway does not read settings). */
export type ReadAccess = (userId: string) => Promise<UserLlmAccess>;
