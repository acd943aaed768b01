import { authApi, type EmailVerification } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";

export const emailVerificationKey = [authApi.emailVerification.path] as const;

/** The person's address, whether it is verified, and whether the server can mail a link. */
export function useEmailVerification() {
  return useQuery({
    queryKey: emailVerificationKey,
    queryFn: ({ signal }): Promise<EmailVerification> => call(authApi.emailVerification, { signal }),
  });
}

/** Mails a fresh verification link (the older one stops working); the server's message. */
export function useSendVerificationAgain() {
  return useMutation({
    mutationFn: async () => (await call(authApi.sendVerification)).message,
  });
}

/** Opens a mailed verification link: the server's message. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => (await call(authApi.verifyEmail, { body: { token } })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: emailVerificationKey }),
  });
}
