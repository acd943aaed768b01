import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toasts } from "../components/ui/toasts";
import { AccessibilityAccountSync } from "../lib/accessibility/account-sync";
import { AppScreensContext } from "../lib/apps/screens";
import { LiveProvider } from "../lib/live/live-context";
import { createQueryClient } from "./query-client";
import { appScreens } from "./screens";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AccessibilityAccountSync />
      <AppScreensContext.Provider value={appScreens}>
        <LiveProvider>{children}</LiveProvider>
      </AppScreensContext.Provider>
      <Toasts />
    </QueryClientProvider>
  );
}
