import { randomUUID } from "node:crypto";
import type { ChatMessage, ChatSession, SessionExport, SessionExportFormat } from "@neuroos/contracts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { lockPerson } from "../db/locks";
import { agents, chatMessageOutputs, chatMessages, chatSessions } from "../db/schema";
import { storableJson, storableText } from "../db/storable";
import { isUuid } from "../http/ids";
import { branchOf } from "./branches";
import { withOutputs } from "./message-outputs";
import { allMessagesOf, getSession, toSession } from "./service";

/** Messages stored by one statement of an import. */
const INSERT_BATCH = 200;

/** A session as JSON: its fields, every message of every branch in stored order, and its head. */
export async function exportJson(db: Db, userId: string, sessionId: string): Promise<SessionExport> {
  const session = await getSession(db, userId, sessionId);
  const messages = await withOutputs(db, await allMessagesOf(db, sessionId));
  const [row] = await db
    .select({ headId: chatSessions.headId })
    .from(chatSessions)
    .where(eq(chatSessions.id, sessionId));
  // The head as the conversation shows it (the newest message when none is stored).
  const headId = branchOf(messages, row?.headId ?? null).at(-1)?.id ?? null;
  return {
    format: "neuroos-session",
    version: 1,
    session: {
      title: session.title,
      agentId: session.agentId,
      provider: session.provider,
      model: session.model,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    },
    messages: messages.map((m) => ({
      id: m.id,
      parentId: m.parentId,
      role: m.role,
      content: m.content,
      metadata: m.metadata,
      timestamp: m.timestamp,
      ...(m.outputs?.length
        ? { outputs: m.outputs.map(({ id: _id, messageId: _m, executionId: _e, ...kept }) => kept) }
        : {}),
    })),
    headId,
  };
}

const headings: Record<ChatMessage["role"], string> = {
  user: "You",
  assistant: "Assistant",
  system: "System",
  tool: "Tool result",
};

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

/** The conversation shown (the branch to the head) as Markdown: the title, then each message under its role. */
export function toMarkdown(exported: SessionExport): string {
  const branch = branchOf(exported.messages, exported.headId);
  const parts = [`# ${exported.session.title}`, ""];
  if (exported.session.createdAt) parts.push(`_Started ${exported.session.createdAt}_`, "");
  if (branch.length === 0) parts.push("_No messages yet._", "");
  for (const m of branch) {
    const tool =
      m.role === "tool" && typeof m.metadata.toolName === "string" ? `: ${m.metadata.toolName}` : "";
    parts.push(`## ${headings[m.role]}${tool}`, "", `_${m.timestamp}_`, "");
    if (m.role === "tool") {
      const fence = fenceFor(m.content);
      parts.push(fence, m.content, fence);
    } else parts.push(m.content);
    parts.push("");
    for (const o of m.outputs ?? []) parts.push(...outputMarkdown(o), "");
  }
  return parts.join("\n");
}

/** A run kept with a message, as Markdown: what ran, how it ended, what it printed, the files it wrote. */
function outputMarkdown(o: NonNullable<SessionExport["messages"][number]["outputs"]>[number]): string[] {
  const what =
    o.kind === "command" ? `Executed \`${o.input.split("\n")[0]}\`` : `Ran the ${o.language} block`;
  const end = o.exitCode === null ? "stopped" : `exit code ${o.exitCode}`;
  const printed = `${o.stdout}${o.stderr}`;
  const fence = fenceFor(printed);
  const cut =
    o.stdout.length + o.stderr.length < o.outputChars
      ? ` (the first part of ${o.outputChars} characters)`
      : "";
  return [
    `**Output**: ${what}, ${end}, ${o.durationMs} ms${cut}`,
    "",
    fence,
    printed,
    fence,
    ...o.files.map((f) => `- wrote \`${f.path}\` (${f.size} bytes)`),
  ];
}

/** A session as a file: its name, type and body. */
export async function exportSession(
  db: Db,
  userId: string,
  sessionId: string,
  format: SessionExportFormat,
): Promise<{ title: string; extension: string; type: string; body: string }> {
  const exported = await exportJson(db, userId, sessionId);
  const title = exported.session.title;
  return format === "markdown"
    ? { title, extension: "md", type: "text/markdown; charset=utf-8", body: toMarkdown(exported) }
    : {
        title,
        extension: "json",
        type: "application/json; charset=utf-8",
        body: `${JSON.stringify(exported, null, 2)}\n`,
      };
}

/**
 * Stores an exported session (already checked by `sessionExportSchema`: each message after its
 * parent, the head among them) as a new session of the person's: new ids, parents and head
 * mapped to them, title, model and message times kept; its agent kept when it is theirs. All
 * or nothing, in one transaction.
 */
export async function importSession(db: Db, userId: string, input: SessionExport): Promise<ChatSession> {
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    const wanted = input.session.agentId;
    const agentId =
      wanted && isUuid(wanted)
        ? ((
            await tx
              .select({ id: agents.id })
              .from(agents)
              .where(and(eq(agents.id, wanted), eq(agents.userId, userId)))
          )[0]?.id ?? null)
        : null;
    const ids = new Map(input.messages.map((m) => [m.id, randomUUID()]));
    const mapped = (id: string | null) => (id === null ? null : (ids.get(id) ?? null));
    const [session] = await tx
      .insert(chatSessions)
      .values({
        userId,
        title: storableText(input.session.title),
        agentId,
        provider: input.session.provider ?? null,
        model: input.session.model ?? null,
      })
      .returning();
    if (!session) throw new Error("insert returned no row");
    // In order, in batches: each message gets the next place in the session's order (seq).
    for (let at = 0; at < input.messages.length; at += INSERT_BATCH) {
      await tx.insert(chatMessages).values(
        input.messages.slice(at, at + INSERT_BATCH).map((m) => ({
          id: mapped(m.id) ?? randomUUID(),
          sessionId: session.id,
          parentId: mapped(m.parentId),
          role: m.role,
          content: storableText(m.content),
          metadata: JSON.parse(storableJson(m.metadata)) as Record<string, unknown>,
          createdAt: new Date(m.timestamp),
        })),
      );
    }
    const outputs = input.messages.flatMap((m) =>
      (m.outputs ?? []).map((o) => ({
        ...o,
        messageId: mapped(m.id) ?? "",
        input: storableText(o.input),
        stdout: storableText(o.stdout),
        stderr: storableText(o.stderr),
        durationMs: Math.round(o.durationMs),
        createdAt: new Date(o.createdAt),
      })),
    );
    for (let at = 0; at < outputs.length; at += INSERT_BATCH)
      await tx.insert(chatMessageOutputs).values(outputs.slice(at, at + INSERT_BATCH));
    const headId = mapped(input.headId) ?? mapped(input.messages.at(-1)?.id ?? null);
    const [stored] = await tx
      .update(chatSessions)
      .set({ headId })
      .where(eq(chatSessions.id, session.id))
      .returning();
    if (!stored) throw new Error("update returned no row");
    return toSession(stored);
  });
}
