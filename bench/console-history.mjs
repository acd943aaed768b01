// The console's long-chat figures (bench/console.mjs uses these; run there):
//  - sessions stored for real through the import endpoint (a whole conversation in one request);
//  - the server's work before the provider call: from the chat_message frame leaving this process
//    to the provider test server (in this process too, same clock) receiving the model call;
//  - the sidebar's search over every message (GET /api/sessions/search), p50 of many queries.
import { LiveClient } from "../apps/server/src/test/live-client.ts";

/** A plausible conversation: questions, and answers with lists and code; `marker-i` in each. */
export function conversation(count, words = []) {
  const start = Date.now() - count * 60_000;
  return Array.from({ length: count }, (_, i) => {
    const word = words.length ? ` ${words[i % words.length]}` : "";
    return {
      id: `m${i}`,
      parentId: i === 0 ? null : `m${i - 1}`,
      role: i % 2 === 0 ? "user" : "assistant",
      content:
        i % 2 === 0
          ? `Question ${i}: how do I sum a list?${word} (marker-${i})`
          : `Answer ${i} (marker-${i}). Use **sum**:\n\n- short\n- simple\n\n\`\`\`python\nnumbers = [1, 2, 3]\nprint(sum(numbers))\n\`\`\`\n\nThat prints \`6\`.${word}`,
      metadata: i % 2 === 0 ? {} : { model: "gpt-4", tokenCount: 40, executionTime: 900 },
      timestamp: new Date(start + i * 60_000).toISOString(),
    };
  });
}

/** Stores a session of `messages` (plain chat) through POST /api/sessions/import; answers it. */
export async function importSession(request, title, messages) {
  const response = await request.post("/api/sessions/import", {
    data: {
      format: "neuroos-session",
      version: 1,
      session: { title, agentId: null },
      messages,
      headId: messages.at(-1)?.id ?? null,
    },
  });
  if (!response.ok()) throw new Error(`import failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * The server's time from a chat_message frame to the model call, in each session, `rounds`
 * times alternating (each reply awaited): the median per session, in ms.
 */
export async function timeToProviderCall({ serverUrl, cookie, provider, sessions, rounds = 7 }) {
  const live = await LiveClient.connect(`${serverUrl.replace(/^http/, "ws")}/ws`, {
    cookie,
    origin: serverUrl,
  });
  const times = new Map(sessions.map((id) => [id, []]));
  try {
    for (let round = 0; round < rounds + 1; round++) {
      for (const sessionId of sessions) {
        provider.script({ kind: "text", chunks: ["ok"] });
        live.frames.length = 0;
        const calls = provider.calls.length;
        const sent = performance.now();
        live.send({ type: "chat_message", sessionId, content: `round ${round}` });
        await live.next((f) => f.type === "chat_message" && f.message?.role === "assistant", 30_000);
        const call = provider.calls[calls];
        // The first round warms both sessions up (caches, JIT): not counted.
        if (round > 0 && call?.receivedAt) times.get(sessionId).push(call.receivedAt - sent);
        // The session takes the next message once the turn has ended.
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    live.socket.close();
  }
  return sessions.map((id) => median(times.get(id)));
}

/** The p50 and p95 of `queries` sidebar searches, and of as many session lists (the reference), in ms. */
export async function searchTimes(request, queries) {
  const timed = async (url) => {
    const started = performance.now();
    const response = await request.get(url);
    if (!response.ok()) throw new Error(`${url}: ${response.status()}`);
    await response.body();
    return performance.now() - started;
  };
  const search = [];
  const list = [];
  for (const q of queries) {
    search.push(await timed(`/api/sessions/search?q=${encodeURIComponent(q)}`));
    list.push(await timed("/api/sessions"));
  }
  const p = (values, at) => [...values].sort((a, b) => a - b)[Math.floor(values.length * at)];
  return { search: { p50: p(search, 0.5), p95: p(search, 0.95) }, list: { p50: p(list, 0.5) } };
}
