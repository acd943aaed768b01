import "@xterm/xterm/css/xterm.css";
import { FitAddon } from "@xterm/addon-fit";
import { WebLinksAddon } from "@xterm/addon-web-links";
import { Terminal } from "@xterm/xterm";
import { Plus, RotateCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { type ConnectionState, TERMINAL_ID_KEY, TerminalConnection } from "./terminal-connection";

const statusText = (state: ConnectionState): string => {
  switch (state.status) {
    case "connecting":
      return state.attempt > 0 ? `Reconnecting (attempt ${state.attempt})…` : "Connecting…";
    case "connected":
      return state.reattached ? "Connected (reattached)" : "Connected";
    case "ended":
      return "Ended";
    case "unavailable":
      return "Unavailable";
    case "elsewhere":
      return "On another server node";
    case "replaced":
      return "Opened elsewhere";
  }
};

const dotTone: Record<ConnectionState["status"], string> = {
  connecting: "bg-amber-400",
  connected: "bg-emerald-500",
  ended: "bg-zinc-400",
  unavailable: "bg-red-500",
  elsewhere: "bg-amber-400",
  replaced: "bg-zinc-400",
};

/**
 * A bash in the user's sandbox (xterm.js over the terminal WebSocket), with its connection state.
 * `idKey` names where the tab keeps its terminal id for a reattach (one per place a terminal shows).
 */
export function TerminalView({
  idKey = TERMINAL_ID_KEY,
  autoFocus = true,
}: {
  idKey?: string;
  autoFocus?: boolean;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const connectionRef = useRef<TerminalConnection | null>(null);
  const [state, setState] = useState<ConnectionState>({ status: "connecting", attempt: 0 });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const term = new Terminal({
      cursorBlink: true,
      fontFamily: 'ui-monospace, "JetBrains Mono", Menlo, Consolas, monospace',
      fontSize: 14,
      scrollback: 5000,
      theme: { background: "#0b0f19", foreground: "#e5e7eb", cursor: "#a5b4fc" },
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.loadAddon(new WebLinksAddon());
    term.open(container);
    try {
      fit.fit();
    } catch {
      // Not laid out yet; the resize observer fits it later.
    }
    const connection = new TerminalConnection(
      {
        write: (data) => term.write(data),
        reset: () => term.reset(),
        size: () => ({ cols: term.cols, rows: term.rows }),
      },
      setState,
      idKey,
    );
    connectionRef.current = connection;
    const input = term.onData((data) => connection.send(data));
    const resize = term.onResize(({ cols, rows }) => connection.resize(cols, rows));
    const observer = new ResizeObserver(() => {
      try {
        fit.fit();
      } catch {
        // Hidden or zero-sized: nothing to fit.
      }
    });
    observer.observe(container);
    connection.connect();
    if (autoFocus) term.focus();
    return () => {
      observer.disconnect();
      input.dispose();
      resize.dispose();
      connection.dispose();
      connectionRef.current = null;
      term.dispose();
    };
  }, [idKey, autoFocus]);

  const message =
    state.status === "unavailable" || state.status === "elsewhere"
      ? state.message
      : state.status === "ended"
        ? `${state.message}.`
        : state.status === "replaced"
          ? "This terminal was opened in another tab or window."
          : null;

  return (
    <div className="flex h-full min-h-0 flex-col bg-[#0b0f19] text-zinc-100">
      <p
        role="status"
        className="flex items-center gap-2 border-b border-white/10 px-3 py-1 text-xs text-zinc-300"
        data-testid="terminal-status"
      >
        <span className={cn("size-2 rounded-full", dotTone[state.status])} aria-hidden="true" />
        {statusText(state)}
      </p>
      {message ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 border-b border-white/10 bg-zinc-900 px-4 py-3 text-sm"
        >
          <span className="min-w-48 flex-1">{message}</span>
          <div className="flex flex-wrap gap-3">
            {state.status !== "ended" ? (
              <Button size="sm" onClick={() => connectionRef.current?.retry()}>
                <RotateCw aria-hidden="true" /> {state.status === "replaced" ? "Use it here" : "Try again"}
              </Button>
            ) : null}
            {state.status === "ended" || state.status === "elsewhere" ? (
              <Button size="sm" onClick={() => connectionRef.current?.restart()}>
                <Plus aria-hidden="true" /> New terminal
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {/* Clipped: before the resize observer refits xterm, its old width must not widen the page. */}
      <section aria-label="Terminal" className="min-h-0 min-w-0 flex-1 overflow-hidden p-2">
        <div ref={containerRef} className="h-full w-full" data-testid="terminal" />
      </section>
    </div>
  );
}
