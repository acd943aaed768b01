import { Navigate, Outlet, useLocation } from "react-router";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { UnsavedChangesGuard } from "../components/unsaved-changes-guard";
import { useCurrentUser } from "../lib/current-user";
import { loginUrlReturningTo } from "../lib/safe-next";

/** Renders its routes for a signed-in user; sends anyone else to sign in, and back here after. */
export function RequireAuth() {
  const location = useLocation();
  const currentUser = useCurrentUser();

  if (currentUser.isPending) {
    return (
      <main className="min-h-dvh">
        <Spinner label="Loading your workspace..." />
      </main>
    );
  }
  if (currentUser.isError) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-4 text-center">
        <h1 className="text-xl font-semibold">Could not reach the server</h1>
        <p className="text-muted-foreground">{currentUser.error.message}</p>
        <Button onClick={() => currentUser.refetch()}>Try again</Button>
      </main>
    );
  }
  if (!currentUser.data) {
    return <Navigate to={loginUrlReturningTo(`${location.pathname}${location.search}`)} replace />;
  }
  return (
    <>
      <Outlet />
      <UnsavedChangesGuard />
    </>
  );
}
