import { type EmailVerification, emailVerificationSchema } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../api";

const fetchJson = getQueryFn({ on401: "throw" });
const answer = z.object({ message: z.string() });

export const emailVerificationKey = ["/api/auth/email-verification"] as const;

/** The person's address, whether it is verified, and whether the server can mail a link. */
export function useEmailVerification() {
  return useQuery({
    queryKey: emailVerificationKey,
    queryFn: async (context): Promise<EmailVerification> =>
      emailVerificationSchema.parse(await fetchJson(context)),
  });
}

/** Mails a fresh verification link (the older one stops working); the server's message. */
export function useSendVerificationAgain() {
  return useMutation({
    mutationFn: async () => answer.parse(await apiRequest("POST", "/api/auth/email-verification")).message,
  });
}

/** Opens a mailed verification link: the server's message. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      answer.parse(await apiRequest("POST", "/api/auth/verify-email", { token })).message,
    onSuccess: () => client.invalidateQueries({ queryKey: emailVerificationKey }),
  });
}
