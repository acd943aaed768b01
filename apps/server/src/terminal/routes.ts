import type { WebSocket } from "@fastify/websocket";
import {
  TERMINAL_CLOSE_OTHER_NODE,
  TERMINAL_ERROR_OTHER_NODE,
  TERMINAL_WS_PATH,
  type TerminalServerFrame,
  terminalClientFrameSchema,
  terminalConnectQuerySchema,
} from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { findSessionUser } from "../auth/service";
import { requireSocketSession, sessionToken } from "../auth/session";
import { endsSession, sessionCacheOf } from "../auth/session-cache";
import type { Db } from "../db/client";
import { clientError, parse } from "../http/errors";
import type { OriginPolicy } from "../http/origin-guard";
import { notKeptWords, quotaMb } from "../workspace/quotas";
import { holdWithinQuota } from "../workspace/room-watch";
import type { WorkspaceService } from "../workspace/service";
import type { TerminalManager } from "./manager";

export interface TerminalRouteDeps {
  db: Db;
  terminals: TerminalManager;
  workspaces: WorkspaceService;
  origins: OriginPolicy;
  /** How often an open socket re-checks that its session still exists. */
  sessionCheckMs?: number;
}

/** Said to a browser reattaching through a node that does not run its terminal. */
export const OTHER_NODE_MESSAGE =
  "This terminal runs on another server node. Reconnect through the same node (sticky sessions), or open a new terminal.";

function send(socket: WebSocket, frame: TerminalServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** The terminal's WebSocket (protocol in packages/contracts/src/terminal.ts). */
export async function terminalRoutes(app: FastifyInstance, deps: TerminalRouteDeps): Promise<void> {
  // A password reset or a deleted account ends every terminal of the user, detached ones too.
  const stopListening = sessionCacheOf(deps.db).onEnded((e) => {
    if (e.userId) void deps.terminals.closeAll("killed", e.userId);
  });
  app.addHook("onClose", async () => stopListening());
  app.get(
    TERMINAL_WS_PATH,
    {
      websocket: true,
      onRequest: [
        requireSocketSession(deps.db, deps.origins),
        async (request) => {
          parse(terminalConnectQuerySchema, request.query);
        },
      ],
    },
    async (socket, request) => {
      const user = request.user;
      const token = sessionToken(request);
      if (!user || !token) return socket.close(1008, "Unauthenticated");
      const query = parse(terminalConnectQuerySchema, request.query);
      // Frames that arrive while the sandbox starts are kept, then written in order.
      const early: { data: Buffer; isBinary: boolean }[] = [];
      socket.on("message", (data: Buffer, isBinary: boolean) => early.push({ data, isBinary }));
      let session = deps.terminals.find(user.id, query.id);
      const reattached = session !== undefined;
      // A terminal stays on the node that started it: a reattach through another node is told so,
      // and never gets a new shell under that id (nor learns whether another user's id exists).
      if (!session && query.id && (await deps.terminals.onOtherNode(user.id, query.id).catch(() => false))) {
        send(socket, { type: "error", code: TERMINAL_ERROR_OTHER_NODE, message: OTHER_NODE_MESSAGE });
        return socket.close(TERMINAL_CLOSE_OTHER_NODE, "Terminal on another node");
      }
      if (!session) {
        try {
          const workspace = await deps.workspaces.root(user);
          await deps.workspaces.assertRoom(user, "open the terminal again");
          // Files written in the terminal get the plan's per-file limit, as uploads do.
          const quota = deps.workspaces.quota(user.plan);
          const maxFileSizeMb = quota.maxFileBytes / (1024 * 1024);
          const since = Date.now();
          session = await deps.terminals.open(user.id, workspace, query.cols, query.rows, { maxFileSizeMb });
          // Each command's writes are told to the person's open views (the IDE asks before a save).
          session.onCommandSettled((entered) => {
            deps.workspaces
              .noticeWrites(user, entered)
              .catch((err) => request.log.warn({ err }, "files written in a terminal"));
          });
          // What the shell writes past the quota is taken back (its newest files) as soon as the
          // workspace is measured past it while the shell runs, and once more when it ends.
          const shell = session;
          const endHold = await holdWithinQuota(deps.workspaces, user, since, {
            stop: () => shell.kill("workspace_full"),
            trimmed: (removed) =>
              shell.notice(`The workspace passed its ${quotaMb(quota)} MB quota.${notKeptWords(removed)}`),
            onError: (err) => request.log.warn({ err }, "workspace usage while a terminal runs"),
          }).catch((err) => {
            shell.kill("killed");
            throw err;
          });
          void session.done.then(endHold);
        } catch (err) {
          const known = clientError(err, request.log);
          if (!known) request.log.error({ err }, "terminal failed to start");
          send(socket, {
            type: "error",
            code: known ? known.code : "internal_error",
            message: known ? known.message : "The terminal could not start",
          });
          return socket.close(1008, "Terminal unavailable");
        }
      }
      const term = session;
      if (socket.readyState !== socket.OPEN) {
        if (!reattached) term.kill("detached"); // gone before it could use the terminal
        return;
      }
      term.attach(socket, query.cols, query.rows, reattached);

      let ended = false;
      const handle = ({ data, isBinary }: { data: Buffer; isBinary: boolean }) => {
        if (ended) return;
        if (isBinary) return term.write(data);
        let json: unknown;
        try {
          json = JSON.parse(data.toString());
        } catch {
          return send(socket, { type: "error", code: "invalid_frame", message: "Text frames must be JSON" });
        }
        const frame = terminalClientFrameSchema.safeParse(json);
        if (!frame.success) {
          const issue = frame.error.issues[0];
          return send(socket, {
            type: "error",
            code: "invalid_frame",
            message: `${issue?.path.join(".") || "frame"}: ${issue?.message}`,
          });
        }
        const f = frame.data;
        if (f.type === "input") term.write(f.data);
        else if (f.type === "resize") term.resize(f.cols, f.rows);
        else send(socket, { type: "pong" });
      };
      socket.removeAllListeners("message");
      for (const frame of early.splice(0)) handle(frame);
      socket.on("message", (data: Buffer, isBinary: boolean) => handle({ data, isBinary }));

      // Logging out (or a reset, or a deleted account) ends the session: its terminal ends with it,
      // at once, on whichever node it ended (a row deleted by hand: within the session check).
      const end = () => {
        ended = true;
        term.kill("killed");
        socket.close(1008, "Session ended");
      };
      const stopListening = sessionCacheOf(deps.db).onEnded((e) => {
        if (endsSession(e, term.userId, request.sessionId)) end();
      });
      const check = setInterval(async () => {
        const still = await findSessionUser(deps.db, token).catch(() => undefined);
        if (still === null) end();
      }, deps.sessionCheckMs ?? 5000);
      socket.on("close", () => {
        clearInterval(check);
        stopListening();
        term.detach(socket);
      });
    },
  );
}
