import { type ChannelState, connectionLabel } from "@/lib/live/live-channel";
import { useStore } from "@/lib/store";
import { useConsole } from "./console-context";

const selectLabel = (status: ChannelState) => connectionLabel(status);
const selectConnected = (status: ChannelState) => status.state === "connected";

/** 'Ready', 'Connecting...' or 'Offline', from the live channel. */
export function useConnectionLabel() {
  const { channel } = useConsole();
  return useStore(channel.status, selectLabel);
}

export function useIsConnected() {
  const { channel } = useConsole();
  return useStore(channel.status, selectConnected);
}
