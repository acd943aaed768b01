import {
  type Agent,
  agentToolNames,
  type createAgentSchema,
  DEFAULT_AGENT_NAME,
  type updateAgentSchema,
} from "@neuroos/contracts";
import { and, asc, eq, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { lockPerson } from "../db/locks";
import { agents } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { isUuid } from "../http/ids";

type AgentRow = typeof agents.$inferSelect;

const toAgent = (row: AgentRow): Agent => ({
  ...row,
  provider: row.provider as Agent["provider"],
  tools: row.tools as Agent["tools"],
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const interpreter = {
  name: DEFAULT_AGENT_NAME,
  description: "Writes and runs code, reads and writes your files, with your approval.",
  systemPrompt:
    "You are NeuroOS Interpreter. Solve the user's task by writing and running code in their sandboxed workspace (/home/user). Explain briefly what you do.",
  tools: [...agentToolNames],
  safeMode: true,
  isDefault: true,
};

/** Creates the user's default 'Interpreter' agent the first time their agents are read. */
async function ensureDefaultAgent(db: Db, userId: string): Promise<void> {
  const [any] = await db.select({ id: agents.id }).from(agents).where(eq(agents.userId, userId)).limit(1);
  if (!any)
    await db
      .insert(agents)
      .values({ userId, ...interpreter })
      .onConflictDoNothing();
}

export async function listAgents(db: Db, userId: string): Promise<Agent[]> {
  await ensureDefaultAgent(db, userId);
  const rows = await db.select().from(agents).where(eq(agents.userId, userId)).orderBy(asc(agents.createdAt));
  return rows.map(toAgent);
}

/** The id of the person's default agent (the 'Interpreter' until they choose another), or null. */
export async function defaultAgentId(db: Db, userId: string): Promise<string | null> {
  await ensureDefaultAgent(db, userId);
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.userId, userId), eq(agents.isDefault, true)))
    .limit(1);
  return row?.id ?? null;
}

/** The user's own agent; another user's id, or an id that is not one, is 404 alike. */
export async function getAgent(db: Db, userId: string, id: string): Promise<Agent> {
  if (!isUuid(id)) throw notFound("Agent");
  await ensureDefaultAgent(db, userId);
  const [row] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.userId, userId)));
  if (!row) throw notFound("Agent");
  return toAgent(row);
}

export async function createAgent(
  db: Db,
  userId: string,
  input: z.output<typeof createAgentSchema>,
): Promise<Agent> {
  await ensureDefaultAgent(db, userId);
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId); // agents made the default at once: one after the other
    if (input.isDefault) await tx.update(agents).set({ isDefault: false }).where(eq(agents.userId, userId));
    const [row] = await tx
      .insert(agents)
      .values({ userId, ...input })
      .returning();
    if (!row) throw new Error("insert returned no row");
    return toAgent(row);
  });
}

export async function updateAgent(
  db: Db,
  userId: string,
  id: string,
  input: z.output<typeof updateAgentSchema>,
): Promise<Agent> {
  const current = await getAgent(db, userId, id);
  if (input.isDefault === false && current.isDefault) {
    throw new AppError(409, "conflict", "Make another agent the default instead");
  }
  return db.transaction(async (tx) => {
    await lockPerson(tx, userId);
    if (input.isDefault) {
      await tx
        .update(agents)
        .set({ isDefault: false })
        .where(and(eq(agents.userId, userId), ne(agents.id, id)));
    }
    const [row] = await tx
      .update(agents)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(agents.id, id))
      .returning();
    if (!row) throw notFound("Agent");
    return toAgent(row);
  });
}

export async function deleteAgent(db: Db, userId: string, id: string): Promise<void> {
  const agent = await getAgent(db, userId, id);
  const refused = () =>
    new AppError(409, "conflict", "Make another agent the default before deleting this one");
  if (agent.isDefault) throw refused();
  // It may have been made the default since: the delete checks again.
  const deleted = await db
    .delete(agents)
    .where(and(eq(agents.id, id), eq(agents.isDefault, false)))
    .returning({ id: agents.id });
  if (deleted.length === 0) throw refused();
}
