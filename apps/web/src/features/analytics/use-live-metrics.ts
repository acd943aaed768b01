import type { MetricsSample } from "@neuroos/contracts";
import { useEffect, useState } from "react";
import { useLiveChannel } from "@/lib/live/live-context";

/** The server's samples kept here (ten minutes at one per 2 s). */
const KEPT = 300;
/** The server forgets a watcher after 30 s: ask again before. */
const RENEW_MS = 20_000;

/**
 * The server's measurements, live: asks for them over the live channel (the history comes
 * first), then adds each new sample as it is pushed. Asks again on reconnect and every 20 s.
 */
export function useLiveMetrics(): { samples: MetricsSample[]; connected: boolean } {
  const channel = useLiveChannel();
  const [samples, setSamples] = useState<MetricsSample[]>([]);
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!channel) return;
    const ask = () => setConnected(channel.send({ type: "metrics_watch" }));
    const stopFrames = channel.onScope({ kind: "user" }, (frame) => {
      if (frame.type !== "system_metrics") return;
      setConnected(true);
      setSamples((kept) => {
        const last = kept.at(-1)?.at ?? 0;
        return [...kept, ...frame.samples.filter((s) => s.at > last)].slice(-KEPT);
      });
    });
    // A reconnect: the server forgot the watch with the old socket.
    let opens = channel.status.get().opens;
    const stopStatus = channel.status.subscribe(() => {
      const now = channel.status.get().opens;
      if (now !== opens) {
        opens = now;
        ask();
      }
    });
    ask();
    const timer = setInterval(ask, RENEW_MS);
    return () => {
      clearInterval(timer);
      stopFrames();
      stopStatus();
    };
  }, [channel]);
  return { samples, connected };
}
