import { z } from "zod";

/**
 * Terminal protocol — a real bash on a PTY inside the user's sandbox, over its own WebSocket.
 *
 * Connect: `GET /api/terminal/ws?cols=80&rows=24` (WebSocket upgrade), with the session cookie;
 * the Origin must be the server's own. Add `&id=<terminalId>` to reattach to a terminal that
 * lost its socket less than TERMINAL_REATTACH_MS ago (60 s by default); an unknown or expired
 * id (or another user's) opens a new terminal (`ready.reattached` is false). A terminal runs on the
 * server node that started it: reattaching through another node (a load balancer without sticky
 * sessions) gets an `error` frame (`terminal_on_other_node`) and the close code 4001, and the
 * terminal stays on its node for a reattach there.
 *
 * Client -> server
 *  - binary frame: raw bytes for the terminal's input (keystrokes, pastes), written as they are;
 *  - text frame: one JSON `TerminalClientFrame` (input as text, resize, ping).
 * Server -> client
 *  - binary frame: raw terminal output bytes (give them to xterm's `write(Uint8Array)`);
 *  - text frame: one JSON `TerminalServerFrame`. `ready` always comes first; on reattach the
 *    recent output (up to TERMINAL_REPLAY_BYTES) is replayed as binary frames right after it.
 * A terminal ends when its shell exits, when it stays idle (no input) for the configured
 * timeout, or 60 s after its socket closed without a reattach; `exit` says why, then the
 * server closes the socket with 1000. Close codes: 4000 attached elsewhere (another socket took
 * the terminal over), 4001 the terminal runs on another server node, 1008 session ended or limit
 * reached, 1009 frame too large.
 */
export const TERMINAL_WS_PATH = "/api/terminal/ws";
export const TERMINAL_REPLAY_BYTES = 256 * 1024;
export const TERMINAL_CLOSE_REPLACED = 4000;
export const TERMINAL_CLOSE_OTHER_NODE = 4001;
/** The `error` frame's code when the terminal runs on another server node. */
export const TERMINAL_ERROR_OTHER_NODE = "terminal_on_other_node";

const cols = z.coerce.number().int().min(2).max(1000);
const rows = z.coerce.number().int().min(1).max(500);

export const terminalConnectQuerySchema = z.object({
  cols: cols.default(80),
  rows: rows.default(24),
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "Invalid terminal id")
    .optional(),
});
export type TerminalConnectQuery = z.infer<typeof terminalConnectQuerySchema>;

export const terminalClientFrameSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("input"), data: z.string().max(1_000_000) }),
  z.object({ type: z.literal("resize"), cols, rows }),
  z.object({ type: z.literal("ping") }),
]);
export type TerminalClientFrame = z.infer<typeof terminalClientFrameSchema>;

export const terminalExitReasonSchema = z.enum([
  "exited",
  "idle",
  "detached",
  "server_closing",
  "killed",
  "workspace_full",
]);
export type TerminalExitReason = z.infer<typeof terminalExitReasonSchema>;

export const terminalServerFrameSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("ready"),
    terminalId: z.string(),
    reattached: z.boolean(),
    cols: z.number(),
    rows: z.number(),
  }),
  z.object({
    type: z.literal("exit"),
    exitCode: z.number().nullable(),
    signal: z.number().nullable(),
    reason: terminalExitReasonSchema,
  }),
  z.object({ type: z.literal("error"), code: z.string(), message: z.string() }),
  z.object({ type: z.literal("pong") }),
]);
export type TerminalServerFrame = z.infer<typeof terminalServerFrameSchema>;
