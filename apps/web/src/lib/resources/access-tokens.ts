import { type AccessTokenSummary, accessTokensApi, type CreateAccessTokenInput } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

export const accessTokensKey = [accessTokensApi.list.path] as const;

/** The person's access tokens for NeuroOS's MCP server (never the tokens themselves). */
export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokensKey,
    queryFn: ({ signal }): Promise<AccessTokenSummary[]> => call(accessTokensApi.list, { signal }),
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
  return useTokenMutation((input: CreateAccessTokenInput) => call(accessTokensApi.create, { body: input }));
}

export function useRevokeAccessToken() {
  return useTokenMutation((id: string) => call(accessTokensApi.revoke, { params: { id } }));
}
