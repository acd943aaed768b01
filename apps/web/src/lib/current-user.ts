import type { User } from "@neuroos/contracts";
import { useQuery } from "@tanstack/react-query";
import { getQueryFn } from "./api";
import { claimDevice } from "./device-owner";
import { currentUserKey } from "./resources/auth";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The user of a GET /api/auth/me answer, checked field by field (contracts' userSchema by hand:
 * this runs on every page's first download, public pages included, where zod would double it).
 */
export function userOf(body: unknown): User | null {
  const user = isRecord(body) ? body.user : undefined;
  if (!isRecord(user)) return null;
  const { id, email, username, role, plan, executiveAccess, createdAt } = user;
  if (typeof id !== "string" || typeof email !== "string" || typeof username !== "string") return null;
  if ((role !== "admin" && role !== "user") || (plan !== "free" && plan !== "pro")) return null;
  if (typeof executiveAccess !== "boolean" || typeof createdAt !== "string") return null;
  return { id, email, username, role, plan, executiveAccess, createdAt };
}

/** The signed-in user, or null for a visitor (the server answers `{ user: null }`, or 401). */
export function useCurrentUser() {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: async (context) => {
      const body = await getQueryFn({ on401: "returnNull" })(context);
      if (body === null || (isRecord(body) && body.user === null)) return null;
      const user = userOf(body);
      if (!user) throw new Error("Unexpected answer from /api/auth/me");
      // Before any screen of theirs reads this browser's copies: another person's are put away.
      claimDevice(user.id);
      return user;
    },
  });
}
