import { Crown } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { planLabel, SignOutButton, useSignedInUser } from "../auth";

/** Who is signed in, their plan, and the sign-out button. */
export function UserPanel() {
  const user = useSignedInUser();
  return (
    <section aria-label="Account" className="grid grid-cols-[minmax(0,1fr)] gap-3 border-t border-border p-4">
      <div className="flex items-center gap-3">
        <span
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground uppercase"
          aria-hidden="true"
        >
          {user.username.slice(0, 1)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{user.username}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <p className="flex items-center gap-2 text-xs text-muted-foreground">
        Plan:
        <Badge tone={user.executiveAccess || user.plan === "pro" ? "primary" : "neutral"}>
          {user.executiveAccess ? <Crown className="size-3" aria-hidden="true" /> : null}
          {planLabel(user)}
        </Badge>
      </p>
      <SignOutButton />
    </section>
  );
}
