import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { Spinner } from "../components/ui/spinner";
import { useCurrentUser } from "../lib/current-user";
import { safeNextPath } from "../lib/safe-next";

/** The sign-in and sign-up forms: a signed-in person goes on to the dashboard (or `next`) instead. */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [searchParams] = useSearchParams();
  const currentUser = useCurrentUser();
  if (currentUser.isPending) return <Spinner label="Loading..." />;
  if (currentUser.data) return <Navigate to={safeNextPath(searchParams.get("next"))} replace />;
  return children;
}
