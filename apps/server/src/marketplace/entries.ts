import { categoryOfKind, MAX_PUBLISHED_PER_ACCOUNT, type MarketplaceFilter } from "@neuroos/contracts";
import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { lockPerson } from "../db/locks";
import { marketplaceEntries, users } from "../db/schema";
import { AppError } from "../http/errors";
import { isUuid } from "../http/ids";

export type EntryRow = typeof marketplaceEntries.$inferSelect;
export type PublishedEntry = EntryRow & { publisher: string };
type NewEntry = Pick<EntryRow, "kind" | "title" | "shortDescription" | "description" | "payload">;

const publishedKinds = ["agent-preset", "prompt-template"] as const;
const columns = { entry: marketplaceEntries, publisher: users.username };

/** What a person may see: public entries, their own, and (the admin) every entry. */
function visibleTo(viewer: { id: string; role: string } | null): SQL | undefined {
  if (viewer?.role === "admin") return undefined;
  const open = eq(marketplaceEntries.visibility, "public");
  return viewer ? or(open, eq(marketplaceEntries.ownerId, viewer.id)) : open;
}

/** Case-insensitive match in the title or either description. */
function matching(search: string): SQL {
  const needle = search.toLowerCase();
  return sql`(position(${needle} in lower(${marketplaceEntries.title})) > 0
    or position(${needle} in lower(${marketplaceEntries.shortDescription})) > 0
    or position(${needle} in lower(${marketplaceEntries.description})) > 0)`;
}

/** Agents and prompts people published: stored, listed to whom may see them, changed, removed. */
export class PublishedEntries {
  constructor(private readonly db: Db) {}

  async list(
    viewer: { id: string; role: string } | null,
    filter: { search?: string; category: MarketplaceFilter },
  ): Promise<PublishedEntry[]> {
    const kinds = publishedKinds.filter(
      (k) => filter.category === "all" || categoryOfKind[k] === filter.category,
    );
    if (kinds.length === 0) return [];
    const rows = await this.db
      .select(columns)
      .from(marketplaceEntries)
      .innerJoin(users, eq(users.id, marketplaceEntries.ownerId))
      .where(
        and(
          visibleTo(viewer),
          filter.search ? matching(filter.search) : undefined,
          kinds.length < publishedKinds.length
            ? eq(marketplaceEntries.kind, kinds[0] ?? "agent-preset")
            : undefined,
        ),
      )
      .orderBy(desc(marketplaceEntries.createdAt), desc(marketplaceEntries.id));
    return rows.map((r) => ({ ...r.entry, publisher: r.publisher }));
  }

  /** The entry if the viewer may see it; 404 alike for no such id and another person's private entry. */
  async get(viewer: { id: string; role: string } | null, id: string): Promise<PublishedEntry> {
    const [row] = isUuid(id)
      ? await this.db
          .select(columns)
          .from(marketplaceEntries)
          .innerJoin(users, eq(users.id, marketplaceEntries.ownerId))
          .where(and(eq(marketplaceEntries.id, id), visibleTo(viewer)))
      : [];
    if (!row) throw new AppError(404, "not_found", "No such marketplace item");
    return { ...row.entry, publisher: row.publisher };
  }

  /** Stores a private entry; at most MAX_PUBLISHED_PER_ACCOUNT each, also when publishes race. */
  async create(ownerId: string, entry: NewEntry): Promise<EntryRow> {
    return this.db.transaction(async (tx) => {
      await lockPerson(tx, ownerId);
      const [held] = await tx
        .select({ n: count() })
        .from(marketplaceEntries)
        .where(eq(marketplaceEntries.ownerId, ownerId));
      if ((held?.n ?? 0) >= MAX_PUBLISHED_PER_ACCOUNT)
        throw new AppError(
          409,
          "conflict",
          `At most ${MAX_PUBLISHED_PER_ACCOUNT} published entries per account`,
        );
      const [made] = await tx
        .insert(marketplaceEntries)
        .values({ ownerId, ...entry })
        .returning();
      if (!made) throw new Error("The entry was not stored");
      return made;
    });
  }

  async update(
    id: string,
    change: Partial<Pick<EntryRow, "title" | "shortDescription" | "description" | "visibility">>,
  ) {
    await this.db
      .update(marketplaceEntries)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(marketplaceEntries.id, id));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(marketplaceEntries).where(eq(marketplaceEntries.id, id));
  }
}
