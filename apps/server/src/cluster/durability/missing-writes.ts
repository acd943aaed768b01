import { isDeepStrictEqual } from "node:util";
import type { NodeClient } from "./node-client";
import type { Write } from "./write-burst";

type Found = Record<string, unknown> | null;
/** Lists read once per check: the person's chat sessions, and each session's messages. */
interface Lists {
  sessions?: { id: string; title: string }[];
  messages: Map<string, Found[]>;
}

/** How one acknowledged write differs from what the node serves now (null: it is there, as sent). */
async function difference(client: NodeClient, write: Write, lists: Lists): Promise<string | null> {
  switch (write.type) {
    case "session": {
      lists.sessions ??= (await client.read<{ id: string; title: string }[]>("/api/sessions")) ?? [];
      const found = lists.sessions.find((s) => s.id === write.id);
      return found?.title === write.title
        ? null
        : `session ${write.id}: ${JSON.stringify(found ?? "missing")}`;
    }
    case "message": {
      let messages = lists.messages.get(write.sessionId);
      if (!messages) {
        messages = (await client.read<Found[]>(`/api/sessions/${write.sessionId}/messages`)) ?? [];
        lists.messages.set(write.sessionId, messages);
      }
      const found = messages.some((m) => m?.role === "user" && m.content === write.content);
      return found ? null : `message in ${write.sessionId}: missing`;
    }
    case "file": {
      const file = await client.read<{ content: string }>(
        `/api/files/content?path=${encodeURIComponent(write.path)}`,
      );
      return file?.content === write.content
        ? null
        : `file ${write.path}: ${file ? "other content" : "missing"}`;
    }
    case "document": {
      const doc = await client.read<{ title: string; content: unknown }>(`/api/documents/${write.id}`);
      const same = doc?.title === write.title && isDeepStrictEqual(doc.content, write.content);
      return same ? null : `document ${write.id}: ${JSON.stringify(doc ?? "missing")}`;
    }
    case "agent": {
      const agent = await client.read<{ name: string; systemPrompt: string }>(`/api/agents/${write.id}`);
      const same = agent?.name === write.name && agent.systemPrompt === write.systemPrompt;
      return same ? null : `agent ${write.id}: ${JSON.stringify(agent ?? "missing")}`;
    }
  }
}

/** Every acknowledged write the node does not serve back as it was sent (empty: none was lost). */
export async function missingWrites(client: NodeClient, acked: readonly Write[]): Promise<string[]> {
  const lists: Lists = { messages: new Map() };
  const missing: string[] = [];
  for (const write of acked) {
    const diff = await difference(client, write, lists);
    if (diff) missing.push(diff);
  }
  return missing;
}
