import type { LoginInput, SignupInput, User } from "@neuroos/contracts";
import type { authApi } from "@neuroos/contracts/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../api";
import { claimDevice } from "../device-owner";

/**
 * The auth endpoints, loaded at the first call: their schemas bring zod, which the sign-in pages'
 * first download leaves out. The forms load this same module to validate before they send, so a
 * sign-in waits for nothing more.
 */
const auth = () => import("@neuroos/contracts/auth").then((m) => m.authApi);

/**
 * The signed-in person (authApi.me, read by lib/current-user.ts and checked by hand: it is in every
 * page's first download). Its path is written out, and checked against the endpoint's by tsc.
 */
export const currentUserKey = ["/api/auth/me" satisfies typeof authApi.me.path] as const;

/** The signed-in user, or null for a visitor. */
export { useCurrentUser } from "../current-user";

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput): Promise<User> => {
      const { user } = await call((await auth()).login, { body: input });
      claimDevice(user.id);
      return user;
    },
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: async (input: SignupInput): Promise<User> =>
      (await call((await auth()).signup, { body: input })).user,
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: async () => call((await auth()).logout),
  });
}

/** Mails a reset link if the account exists: the server's message (the same either way). */
export function useForgotPassword() {
  return useMutation({
    mutationFn: async (input: { email: string }) =>
      (await call((await auth()).forgotPassword, { body: input })).message,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async (input: { token: string; password: string }) =>
      (await call((await auth()).resetPassword, { body: input })).message,
  });
}
