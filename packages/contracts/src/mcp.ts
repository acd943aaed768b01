import { z } from "zod";

/**
 * Personal access tokens for NeuroOS's MCP server (/mcp), made in Settings: `read` reaches the
 * tools that change nothing (list, read and search files); `full` also writes files and runs code
 * and shell commands in the sandbox.
 */
export const accessTokenScopes = ["read", "full"] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];
export const ACCESS_TOKENS_PER_ACCOUNT = 20;

export const createAccessTokenSchema = z
  .object({
    name: z.string().trim().min(1, "Name the token").max(100, "At most 100 characters"),
    scope: z.enum(accessTokenScopes),
  })
  .strict();
export type CreateAccessTokenInput = z.input<typeof createAccessTokenSchema>;

export interface AccessTokenSummary {
  id: string;
  name: string;
  scope: AccessTokenScope;
  /** The token's first characters, to tell tokens apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating a token: the only time the token itself is shown. */
export interface CreatedAccessToken extends AccessTokenSummary {
  token: string;
}
