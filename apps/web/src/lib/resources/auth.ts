import type { LoginInput, SignupInput, User } from "@neuroos/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../api";
import { userOf } from "../current-user";
import { claimDevice } from "../device-owner";

/** The signed-in person (GET /api/auth/me). */
export const currentUserKey = ["/api/auth/me"] as const;

/** The user of a sign-in or sign-up answer (checked field by field, see lib/current-user.ts). */
function answeredUser(body: unknown): User {
  const user = userOf(body);
  if (!user) throw new Error("Unexpected answer from the server");
  return user;
}

/** The `message` of an answer such as the password-reset ones (checked by hand: no zod on the sign-in pages). */
function answeredMessage(body: unknown): string {
  const message = typeof body === "object" && body !== null && "message" in body ? body.message : undefined;
  if (typeof message !== "string") throw new Error("Unexpected answer from the server");
  return message;
}

/** The signed-in user, or null for a visitor. */
export { useCurrentUser } from "../current-user";

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<User> => {
      const user = answeredUser(await apiRequest("POST", "/api/auth/login", input));
      claimDevice(user.id);
      return user;
    },
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: async (input: SignupInput): Promise<User> =>
      answeredUser(await apiRequest("POST", "/api/auth/signup", input)),
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: async () => {
      await apiRequest("POST", "/api/auth/logout");
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: { email: string }) =>
      answeredMessage(await apiRequest("POST", "/api/auth/forgot-password", input)),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      answeredMessage(await apiRequest("POST", "/api/auth/reset-password", input)),
  });
}
