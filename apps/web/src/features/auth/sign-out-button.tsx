import { useQueryClient } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { releaseDevice } from "@/lib/device-owner";
import { useLogout } from "@/lib/resources/auth";
import { toast } from "@/lib/toast";

/** Ends the session, then shows the sign-in page and forgets every cached answer and local copy. */
export function SignOutButton() {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: async () => {
            await navigate("/auth/login", { replace: true });
            queryClient.clear();
            // This person's copies on the device are put away: the next person never sees them.
            releaseDevice();
          },
          onError: (error) =>
            toast({
              variant: "destructive",
              title: "Sign out failed",
              description: errorMessage(error, "Something went wrong. Please try again."),
            }),
        })
      }
    >
      <LogOut aria-hidden="true" />
      {logout.isPending ? "Signing out..." : "Sign out"}
    </Button>
  );
}
