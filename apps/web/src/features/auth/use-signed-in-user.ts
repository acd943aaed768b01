import type { User } from "@neuroos/contracts";
import { useCurrentUser } from "@/lib/current-user";

/** The user, for components that only render behind RequireAuth. */
export function useSignedInUser(): User {
  const { data } = useCurrentUser();
  if (!data) throw new Error("useSignedInUser used outside a signed-in area");
  return data;
}

/** How the plan is shown: partner leadership sees 'Executive Access', others 'Free' or 'Pro'. */
export function planLabel(user: User): string {
  if (user.executiveAccess) return "Executive Access";
  return user.plan === "pro" ? "Pro" : "Free";
}
