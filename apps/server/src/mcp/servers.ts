import {
  type CreateMcpServerInput,
  MCP_ENV_MASK,
  MCP_SERVERS_PER_ACCOUNT,
  type McpServerSummary,
  type UpdateMcpServerInput,
  type User,
} from "@neuroos/contracts";
import { and, asc, count, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { mcpServers, users } from "../db/schema";
import { uniqueViolation } from "../db/sqlstate";
import { AppError } from "../http/errors";
import { checkEndpoint, type EndpointPolicy, EndpointRefusedError } from "../platform/endpoint-guard";
import { maskKey, type SecretBox } from "../platform/secret-box";

type Row = typeof mcpServers.$inferSelect;

/**
 * One server as the connection manager needs it: the summary's fields with its headers decrypted,
 * for the person it runs for (`userId`: their workspace, their plan; a shared server runs for each
 * user on their own).
 */
export interface McpServerConfig extends Omit<McpServerSummary, "createdAt"> {
  userId: string;
}

/** Who asks: what they see depends on who they are; changing a shared server on their role. */
export type McpViewer = Pick<User, "id" | "role">;

/** Taken while a name is chosen, so a shared server and a person's own never end up with one name. */
const NAMES_LOCK = 0x6d6370; // "mcp"

const headersContext = (userId: string, id: string) => `mcp-server-headers:${userId}:${id}`;
const envContext = (userId: string, id: string) => `mcp-server-env:${userId}:${id}`;
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
/**
 * A shared local server runs in each person's own workspace, where files they control (a config,
 * a package) could make it show its environment: so it carries none (each person can add the
 * server with their own keys).
 */
function secretsStayPrivate(shared: boolean, env: Record<string, string>): void {
  if (shared && Object.keys(env).length > 0)
    throw new AppError(
      400,
      "validation_failed",
      "A shared local server cannot carry environment variables: it runs in each person's workspace, where they could read them. Share it without them; each person can add the server with their own keys",
      { env: "remove the variables to share this server" },
    );
}

/** The person's own servers and the shared ones. */
const visibleTo = (userId: string) => or(eq(mcpServers.userId, userId), eq(mcpServers.shared, true));

/** The person's MCP servers: stored, listed (headers masked), changed, removed. */
export class McpServers {
  constructor(private readonly deps: { db: Db; box: SecretBox; endpointPolicy: EndpointPolicy }) {}

  /** A URL checked by the providers' SSRF guard and allowlist; 400 naming the field when refused. */
  async checkUrl(raw: string): Promise<string> {
    try {
      return (await checkEndpoint(raw, this.deps.endpointPolicy)).href;
    } catch (err) {
      if (!(err instanceof EndpointRefusedError)) throw err;
      const message = err.message.replace(/^Base URL/, "URL");
      throw new AppError(400, "mcp_endpoint_refused", message, { url: message });
    }
  }

  /** The row as it runs for `userId` (its owner, or any user for a shared server). */
  config(row: Row, userId: string): McpServerConfig {
    const opened = row.headersCiphertext
      ? this.deps.box.open(row.headersCiphertext, headersContext(row.userId, row.id))
      : null;
    const env = row.envCiphertext
      ? this.deps.box.open(row.envCiphertext, envContext(row.userId, row.id))
      : null;
    return {
      id: row.id,
      userId,
      name: row.name,
      transport: row.transport,
      url: row.url,
      command: row.command,
      args: row.args,
      headers: opened ? (JSON.parse(opened) as Record<string, string>) : {},
      env: env ? (JSON.parse(env) as Record<string, string>) : {},
      enabled: row.enabled,
      shared: row.shared,
      allowNetwork: row.allowNetwork,
    };
  }

  /** What the browser gets: header values masked (wholly for a shared server seen by a user). */
  summary(config: McpServerConfig, createdAt: Date, role: User["role"]): McpServerSummary {
    const mask = config.shared && role !== "admin" ? () => "…" : maskKey;
    return {
      id: config.id,
      name: config.name,
      transport: config.transport,
      url: config.url,
      command: config.command,
      args: config.args,
      headers: Object.fromEntries(Object.entries(config.headers).map(([k, v]) => [k, mask(v)])),
      env: Object.fromEntries(Object.keys(config.env).map((name) => [name, MCP_ENV_MASK])),
      enabled: config.enabled,
      shared: config.shared,
      allowNetwork: config.allowNetwork,
      createdAt: createdAt.toISOString(),
    };
  }

  /** The person's servers and the shared ones, oldest first. */
  async list(userId: string): Promise<{ config: McpServerConfig; createdAt: Date }[]> {
    const rows = await this.deps.db
      .select()
      .from(mcpServers)
      .where(visibleTo(userId))
      .orderBy(asc(mcpServers.createdAt), asc(mcpServers.id));
    return rows.map((row) => ({ config: this.config(row, userId), createdAt: row.createdAt }));
  }

  /** The person's server or a shared one; another person's (or no such id) is 404. */
  async get(userId: string, id: string): Promise<{ config: McpServerConfig; createdAt: Date }> {
    const row = await this.visibleRow(userId, id);
    return { config: this.config(row, userId), createdAt: row.createdAt };
  }

  private async visibleRow(userId: string, id: string): Promise<Row> {
    const [row] = isUuid(id)
      ? await this.deps.db
          .select()
          .from(mcpServers)
          .where(and(eq(mcpServers.id, id), visibleTo(userId)))
      : [];
    if (!row) throw new AppError(404, "not_found", "No such MCP server");
    return row;
  }

  /** A server the viewer may change: their own, or a shared one when they are the admin. */
  private async changeableRow(viewer: McpViewer, id: string): Promise<Row> {
    const row = await this.visibleRow(viewer.id, id);
    if (row.shared && viewer.role !== "admin")
      throw new AppError(
        403,
        "forbidden",
        "This server is shared by the admin: only the admin can change it",
      );
    return row;
  }

  /** Who owns a server: the workspace and plan its local server runs with. */
  async owner(userId: string): Promise<{ id: string; plan: "free" | "pro" }> {
    const [row] = await this.deps.db
      .select({ id: users.id, plan: users.plan })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new Error("The server's owner is gone");
    return row;
  }

  /** The person's server of that name, else the shared one (names are kept apart, see nameFree). */
  async byName(userId: string, name: string): Promise<McpServerConfig | null> {
    const rows = await this.deps.db
      .select()
      .from(mcpServers)
      .where(and(eq(mcpServers.name, name), visibleTo(userId)));
    const row = rows.find((r) => r.userId === userId) ?? rows[0];
    return row ? this.config(row, userId) : null;
  }

  async create(viewer: McpViewer, input: CreateMcpServerInput) {
    const shared = input.shared ?? false;
    const allowNetwork = input.transport === "stdio" ? (input.allowNetwork ?? false) : false;
    this.adminOnly(viewer, { shared, allowNetwork });
    if (input.transport === "stdio") secretsStayPrivate(shared, input.env ?? {});
    const url = input.transport === "http" ? await this.checkUrl(input.url) : null;
    const row = await this.deps.db
      .transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.id)).for("update");
        const [held] = await tx
          .select({ n: count() })
          .from(mcpServers)
          .where(eq(mcpServers.userId, viewer.id));
        if ((held?.n ?? 0) >= MCP_SERVERS_PER_ACCOUNT)
          throw new AppError(409, "conflict", `At most ${MCP_SERVERS_PER_ACCOUNT} MCP servers per account`);
        await this.nameFree(tx, input.name, shared, null);
        const [made] = await tx
          .insert(mcpServers)
          .values({
            userId: viewer.id,
            name: input.name,
            transport: input.transport,
            url,
            command: input.transport === "stdio" ? input.command : null,
            args: input.transport === "stdio" ? (input.args ?? []) : [],
            enabled: input.enabled ?? true,
            shared,
            allowNetwork,
          })
          .returning();
        if (!made) throw new Error("The MCP server was not stored");
        const headers = input.transport === "http" ? (input.headers ?? {}) : {};
        const env = input.transport === "stdio" ? (input.env ?? {}) : {};
        if (Object.keys(headers).length === 0 && Object.keys(env).length === 0) return made;
        const [sealedRow] = await tx
          .update(mcpServers)
          .set({
            headersCiphertext: this.sealed(headers, headersContext(viewer.id, made.id)),
            envCiphertext: this.sealed(env, envContext(viewer.id, made.id)),
          })
          .where(eq(mcpServers.id, made.id))
          .returning();
        return sealedRow ?? made;
      })
      .catch(this.nameTaken);
    return { config: this.config(row, viewer.id), createdAt: row.createdAt };
  }

  async update(viewer: McpViewer, id: string, input: UpdateMcpServerInput) {
    const current = await this.changeableRow(viewer, id);
    const http = current.transport === "http";
    if (!http && (input.url !== undefined || input.headers !== undefined))
      throw new AppError(400, "validation_failed", "A local (stdio) server has no URL or headers");
    const stdioOnly = [input.command, input.args, input.allowNetwork, input.env];
    if (http && stdioOnly.some((v) => v !== undefined))
      throw new AppError(
        400,
        "validation_failed",
        "A remote (http) server has no command, arguments, environment variables or network setting",
      );
    this.adminOnly(viewer, { shared: input.shared ?? false, allowNetwork: input.allowNetwork ?? false });
    const url = input.url !== undefined ? await this.checkUrl(input.url) : undefined;
    const headers =
      input.headers === undefined
        ? undefined
        : input.headers === null || Object.keys(input.headers).length === 0
          ? null
          : this.deps.box.seal(JSON.stringify(input.headers), headersContext(current.userId, id));
    const env = input.env === undefined ? undefined : this.changedEnv(current, input.env);
    const shared = input.shared ?? current.shared;
    if (!http)
      secretsStayPrivate(
        shared,
        input.env === undefined ? this.config(current, current.userId).env : (input.env ?? {}),
      );
    const row = await this.deps.db
      .transaction(async (tx) => {
        if (input.name !== undefined || shared !== current.shared)
          await this.nameFree(tx, input.name ?? current.name, shared, id);
        const [changed] = await tx
          .update(mcpServers)
          .set({
            name: input.name,
            url,
            headersCiphertext: headers,
            envCiphertext: env,
            command: input.command,
            args: input.args,
            enabled: input.enabled,
            shared: input.shared,
            // The network is the admin's to grant: a change by anyone else withdraws it.
            allowNetwork: viewer.role === "admin" ? input.allowNetwork : false,
          })
          // As read: a server changed meanwhile (shared or not, moved) is not changed blindly.
          .where(
            and(
              eq(mcpServers.id, id),
              eq(mcpServers.userId, current.userId),
              eq(mcpServers.shared, current.shared),
            ),
          )
          .returning();
        return changed;
      })
      .catch(this.nameTaken);
    if (!row) throw new AppError(404, "not_found", "No such MCP server");
    return { config: this.config(row, viewer.id), createdAt: row.createdAt };
  }

  /** `value` sealed for `context`, or null when it holds nothing. */
  private sealed(value: Record<string, string>, context: string): string | null {
    return Object.keys(value).length ? this.deps.box.seal(JSON.stringify(value), context) : null;
  }

  /**
   * A change's environment variables, sealed (null: none): each value of MCP_ENV_MASK is the
   * stored one, which must exist (400 naming the variable otherwise).
   */
  private changedEnv(current: Row, changed: Record<string, string> | null): string | null {
    const stored = this.config(current, current.userId).env;
    const env: Record<string, string> = {};
    for (const [name, value] of Object.entries(changed ?? {})) {
      const kept = value === MCP_ENV_MASK ? stored[name] : value;
      if (kept === undefined)
        throw new AppError(
          400,
          "validation_failed",
          `The variable ${name} has no stored value to keep: enter it`,
          {
            env: `${name}: enter its value`,
          },
        );
      env[name] = kept;
    }
    return this.sealed(env, envContext(current.userId, current.id));
  }

  async remove(viewer: McpViewer, id: string): Promise<void> {
    const current = await this.changeableRow(viewer, id);
    const gone = await this.deps.db
      .delete(mcpServers)
      .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, current.userId)))
      .returning({ id: mcpServers.id });
    if (gone.length === 0) throw new AppError(404, "not_found", "No such MCP server");
  }

  /** Sharing a server and letting a local one reach the network are the admin's decisions. */
  private adminOnly(viewer: McpViewer, wants: { shared: boolean; allowNetwork: boolean }): void {
    if (viewer.role === "admin") return;
    if (wants.shared)
      throw new AppError(403, "forbidden", "Only the admin can share a server with every user", {
        shared: "Only the admin can share a server",
      });
    if (wants.allowNetwork)
      throw new AppError(403, "forbidden", "Only the admin can let a local server reach the network", {
        allowNetwork: "Only the admin can allow the network",
      });
  }

  /**
   * A shared server's name is used by no one else's server, and a person's own is not a shared
   * one's: the tools' names (`<server>__<tool>`) then say which server they belong to. Checked
   * under one lock, so two such changes at once cannot both pass.
   */
  private async nameFree(tx: Tx, name: string, shared: boolean, exceptId: string | null): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${NAMES_LOCK})`);
    const others: SQL[] = [eq(mcpServers.name, name)];
    if (exceptId) others.push(ne(mcpServers.id, exceptId));
    if (!shared) others.push(eq(mcpServers.shared, true));
    const [clash] = await tx
      .select({ shared: mcpServers.shared })
      .from(mcpServers)
      .where(and(...others))
      .limit(1);
    if (!clash) return;
    const message = shared
      ? "An MCP server of this name already exists: a shared server needs a name no one uses"
      : "The admin shares an MCP server with this name";
    throw new AppError(409, "conflict", message, { name: "Already used" });
  }

  private nameTaken = (err: unknown): never => {
    if (uniqueViolation(err) !== undefined)
      throw new AppError(409, "conflict", "You already have an MCP server with this name", {
        name: "Already used",
      });
    throw err;
  };
}
