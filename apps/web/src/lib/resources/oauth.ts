import { type OAuthDecision, type OAuthGrantSummary, oauthApi } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

export const oauthGrantsKey = [oauthApi.grants.path] as const;

/** The consent screen's view of an authorization request (its query string, as the client sent it). */
export function useOAuthConsent(search: string) {
  const query = Object.fromEntries(new URLSearchParams(search));
  return useQuery({
    queryKey: [oauthApi.consent.path, search],
    queryFn: ({ signal }) => call(oauthApi.consent, { query, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Allow or deny: answers where to send the browser (the app's redirect URI). */
export function useOAuthDecision() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: OAuthDecision) => call(oauthApi.decide, { body: decision }),
    onSettled: () => client.invalidateQueries({ queryKey: oauthGrantsKey }),
  });
}

/** The apps the person connected by OAuth. */
export function useOAuthGrants() {
  return useQuery({
    queryKey: oauthGrantsKey,
    queryFn: ({ signal }): Promise<OAuthGrantSummary[]> => call(oauthApi.grants, { signal }),
  });
}

/** Ends a connected app's access at once (its access and refresh tokens). */
export function useRevokeOAuthGrant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(oauthApi.revoke, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: oauthGrantsKey }),
  });
}
