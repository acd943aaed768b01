import type { FastifyInstance } from "fastify";
import type { FrameRouter } from "../live/frame-router";
import { messageRoutes } from "./message-routes";
import { outputRoutes } from "./output-routes";
import { ChatReplies, type ChatRepliesDeps } from "./replies";
import { chatRoutes } from "./routes";

/**
 * The console's chat: sessions and their messages (a deleted one goes to the trash), and a turn
 * per message sent over the live channel (plain, or an agent with tools), streamed to the
 * person's browsers; one turn per session across the nodes. Turns in flight end before the
 * server closes.
 */
export async function mountChat(
  app: FastifyInstance,
  deps: ChatRepliesDeps & { frames: FrameRouter },
): Promise<ChatReplies> {
  const { frames, ...replyDeps } = deps;
  await app.register(chatRoutes, { db: deps.db, bus: deps.bus });
  await app.register(outputRoutes, { db: deps.db });
  const replies = new ChatReplies(replyDeps);
  replies.register(frames);
  await app.register(messageRoutes, { db: deps.db, replies });
  app.addHook("preClose", () => replies.close());
  return replies;
}
