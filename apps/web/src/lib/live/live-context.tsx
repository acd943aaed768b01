import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useCurrentUser } from "../current-user";
import type { LiveChannel } from "./live-channel";

const LiveContext = createContext<LiveChannel | null>(null);

/**
 * One live channel per signed-in tab, opened here at the app's root and shared by every screen.
 * Its code loads once someone is signed in (public pages do not ship it); signing out closes it.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const userId = useCurrentUser().data?.id;
  const queryClient = useQueryClient();
  const [channel, setChannel] = useState<LiveChannel | null>(null);
  useEffect(() => {
    if (!userId) return;
    let opened: LiveChannel | undefined;
    let cancelled = false;
    void import("./open-live").then(({ openLive }) => {
      if (cancelled) return;
      opened = openLive(queryClient);
      setChannel(opened);
    });
    return () => {
      cancelled = true;
      opened?.disconnect();
      setChannel(null);
    };
  }, [userId, queryClient]);
  return <LiveContext.Provider value={channel}>{children}</LiveContext.Provider>;
}

/** The tab's live channel; null while signed out or while its code loads. */
export function useLiveChannel(): LiveChannel | null {
  return useContext(LiveContext);
}
