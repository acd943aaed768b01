import { authResponseSchema, type LoginInput, type SignupInput, type User } from "@neuroos/contracts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest, getQueryFn } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";

const messageSchema = z.object({ message: z.string() });

/** The signed-in user, or null when there is no session (401). */
export { useCurrentUser } from "../../lib/current-user";

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<User> =>
      authResponseSchema.parse(await apiRequest("POST", "/api/auth/login", input)).user,
    onSuccess: (user) => queryClient.setQueryData(queryKeys.currentUser, user),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: async (input: SignupInput): Promise<User> =>
      authResponseSchema.parse(await apiRequest("POST", "/api/auth/signup", input)).user,
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
      messageSchema.parse(await apiRequest("POST", "/api/auth/forgot-password", input)).message,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      messageSchema.parse(await apiRequest("POST", "/api/auth/reset-password", input)).message,
  });
}
