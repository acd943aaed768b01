import {
  accessTokenSummarySchema,
  type CreateAccessTokenInput,
  createdAccessTokenSchema,
} from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../api";

export const accessTokensKey = ["/api/access-tokens"] as const;

/** The person's access tokens for NeuroOS's MCP server (never the tokens themselves). */
export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokensKey,
    queryFn: async () =>
      z.array(accessTokenSummarySchema).parse(await apiRequest("GET", "/api/access-tokens")),
  });
}

function useTokenMutation<T, R>(fn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: accessTokensKey }),
  });
}

/** Makes a token: the answer holds the token itself, shown this once. */
export function useCreateAccessToken() {
  return useTokenMutation(async (input: CreateAccessTokenInput) =>
    createdAccessTokenSchema.parse(await apiRequest("POST", "/api/access-tokens", input)),
  );
}

export function useRevokeAccessToken() {
  return useTokenMutation(async (id: string) =>
    apiRequest("DELETE", `/api/access-tokens/${encodeURIComponent(id)}`),
  );
}
