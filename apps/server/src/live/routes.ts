import type { WebSocket } from "@fastify/websocket";
import { clientFrameSchema, type ServerFrame } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { findSessionUser } from "../auth/service";
import { requireSocketSession, sessionToken } from "../auth/session";
import { endsSession, sessionCacheOf } from "../auth/session-cache";
import type { Db } from "../db/client";
import { clientError } from "../http/errors";
import type { OriginPolicy } from "../http/origin-guard";
import type { EventBus } from "./bus";
import type { FrameRouter } from "./frame-router";

export interface LiveDeps {
  db: Db;
  bus: EventBus;
  router: FrameRouter;
  origins: OriginPolicy;
  /** How often an open socket re-checks that its session still exists. */
  sessionCheckMs?: number;
  /** What a browser that connects now must be told (work in progress it did not see start). */
  onConnect?: (userId: string) => Promise<ServerFrame[]>;
}

/** Open live sockets on this node (for the system stats). */
export const liveConnections = { count: 0 };

function send(socket: WebSocket, frame: ServerFrame): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** The live channel: authenticated by the session cookie at the upgrade, Origin checked. */
export async function liveRoutes(app: FastifyInstance, deps: LiveDeps): Promise<void> {
  app.get(
    "/ws",
    {
      websocket: true,
      onRequest: requireSocketSession(deps.db, deps.origins),
    },
    (socket, request) => {
      const user = request.user;
      const token = sessionToken(request);
      if (!user || !token) return socket.close(1008, "Unauthenticated");
      liveConnections.count += 1;
      // What the browser must be told first (work in progress) is read from the database; frames
      // meant for the socket meanwhile wait behind it. The frame handlers listen from the start.
      let held: ServerFrame[] | null = [];
      const ctx = {
        user,
        send: (frame: ServerFrame) => {
          if (held) held.push(frame);
          else send(socket, frame);
        },
      };
      const unsubscribe = deps.bus.subscribe(user.id, ctx.send);
      void (deps.onConnect?.(user.id) ?? Promise.resolve([]))
        .catch((err) => {
          request.log.error({ err }, "live: the work in progress could not be read");
          return [];
        })
        .then((first) => {
          const later = held ?? [];
          held = null;
          for (const frame of [...first, ...later]) send(socket, frame);
        });

      // Logging out, a password reset or a deleted account, on any node, ends the socket at once
      // (cluster/session-ends.ts), and no frame runs after it; a session row deleted by hand
      // within the session check's interval.
      let ended = false;
      const end = () => {
        ended = true;
        socket.close(1008, "Session ended");
      };
      const stopListening = sessionCacheOf(deps.db).onEnded((e) => {
        if (endsSession(e, user.id, request.sessionId)) end();
      });
      const check = setInterval(async () => {
        const still = await findSessionUser(deps.db, token).catch(() => undefined);
        if (still === null) end();
      }, deps.sessionCheckMs ?? 2000);

      socket.on("message", async (data, isBinary) => {
        if (ended) return;
        if (isBinary)
          return ctx.send({ type: "error", code: "invalid_frame", message: "Frames must be JSON text" });
        let json: unknown;
        try {
          json = JSON.parse(data.toString());
        } catch {
          return ctx.send({ type: "error", code: "invalid_frame", message: "Frame is not valid JSON" });
        }
        const parsed = clientFrameSchema.safeParse(json);
        if (!parsed.success) {
          const type = (json as { type?: unknown } | null)?.type;
          const known = clientFrameSchema.options.some((o) => o.shape.type.value === type);
          const issue = parsed.error.issues[0];
          return ctx.send(
            known
              ? {
                  type: "error",
                  code: "invalid_frame",
                  message: `${issue?.path.join(".")}: ${issue?.message}`,
                }
              : { type: "error", code: "unknown_frame", message: `Unknown frame type: ${String(type)}` },
          );
        }
        const handler = deps.router.handlerFor(parsed.data.type);
        if (!handler) {
          return ctx.send({
            type: "error",
            code: "unavailable",
            message: `'${parsed.data.type}' is not available`,
          });
        }
        const requestId = "requestId" in parsed.data ? parsed.data.requestId : undefined;
        try {
          await handler(ctx, parsed.data);
        } catch (err) {
          const known = clientError(err, request.log);
          if (known) return ctx.send({ type: "error", code: known.code, message: known.message, requestId });
          request.log.error({ err }, "live frame failed");
          ctx.send({
            type: "error",
            code: "internal_error",
            message: "The frame could not be handled",
            requestId,
          });
        }
      });

      socket.on("close", () => {
        liveConnections.count -= 1;
        clearInterval(check);
        stopListening();
        unsubscribe();
      });
    },
  );
}
