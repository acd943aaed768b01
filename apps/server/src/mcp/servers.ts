import {
  type CreateMcpServerInput,
  MCP_SERVERS_PER_ACCOUNT,
  type McpServerSummary,
  type UpdateMcpServerInput,
} from "@neuroos/contracts";
import { and, asc, count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mcpServers, users } from "../db/schema";
import { AppError } from "../http/errors";
import { checkEndpoint, type EndpointPolicy, EndpointRefusedError } from "../llm/endpoint-guard";
import { maskKey, type SecretBox } from "../settings/secret-box";

type Row = typeof mcpServers.$inferSelect;

/** One server as the connection manager needs it: the summary's fields with its headers decrypted. */
export interface McpServerConfig extends Omit<McpServerSummary, "createdAt"> {
  userId: string;
}

const headersContext = (userId: string, id: string) => `mcp-server-headers:${userId}:${id}`;
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === "23505" ||
  (err as { cause?: { code?: string } }).cause?.code === "23505";

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

  config(row: Row): McpServerConfig {
    const opened = row.headersCiphertext
      ? this.deps.box.open(row.headersCiphertext, headersContext(row.userId, row.id))
      : null;
    return {
      id: row.id,
      userId: row.userId,
      name: row.name,
      transport: row.transport,
      url: row.url,
      command: row.command,
      args: row.args,
      headers: opened ? (JSON.parse(opened) as Record<string, string>) : {},
      enabled: row.enabled,
    };
  }

  summary(config: McpServerConfig, createdAt: Date): McpServerSummary {
    return {
      id: config.id,
      name: config.name,
      transport: config.transport,
      url: config.url,
      command: config.command,
      args: config.args,
      headers: Object.fromEntries(Object.entries(config.headers).map(([k, v]) => [k, maskKey(v)])),
      enabled: config.enabled,
      createdAt: createdAt.toISOString(),
    };
  }

  async list(userId: string): Promise<{ config: McpServerConfig; createdAt: Date }[]> {
    const rows = await this.deps.db
      .select()
      .from(mcpServers)
      .where(eq(mcpServers.userId, userId))
      .orderBy(asc(mcpServers.createdAt));
    return rows.map((row) => ({ config: this.config(row), createdAt: row.createdAt }));
  }

  /** The person's server; another person's (or no such id) is 404. */
  async get(userId: string, id: string): Promise<{ config: McpServerConfig; createdAt: Date }> {
    const [row] = isUuid(id)
      ? await this.deps.db
          .select()
          .from(mcpServers)
          .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, userId)))
      : [];
    if (!row) throw new AppError(404, "not_found", "No such MCP server");
    return { config: this.config(row), createdAt: row.createdAt };
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

  async byName(userId: string, name: string): Promise<McpServerConfig | null> {
    const [row] = await this.deps.db
      .select()
      .from(mcpServers)
      .where(and(eq(mcpServers.name, name), eq(mcpServers.userId, userId)));
    return row ? this.config(row) : null;
  }

  async create(userId: string, input: CreateMcpServerInput) {
    const url = input.transport === "http" ? await this.checkUrl(input.url) : null;
    const row = await this.deps.db
      .transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
        const [held] = await tx.select({ n: count() }).from(mcpServers).where(eq(mcpServers.userId, userId));
        if ((held?.n ?? 0) >= MCP_SERVERS_PER_ACCOUNT)
          throw new AppError(409, "conflict", `At most ${MCP_SERVERS_PER_ACCOUNT} MCP servers per account`);
        const [made] = await tx
          .insert(mcpServers)
          .values({
            userId,
            name: input.name,
            transport: input.transport,
            url,
            command: input.transport === "stdio" ? input.command : null,
            args: input.transport === "stdio" ? (input.args ?? []) : [],
            enabled: input.enabled ?? true,
          })
          .returning();
        if (!made) throw new Error("The MCP server was not stored");
        const headers = input.transport === "http" ? (input.headers ?? {}) : {};
        if (Object.keys(headers).length === 0) return made;
        const sealed = this.deps.box.seal(JSON.stringify(headers), headersContext(userId, made.id));
        const [sealedRow] = await tx
          .update(mcpServers)
          .set({ headersCiphertext: sealed })
          .where(eq(mcpServers.id, made.id))
          .returning();
        return sealedRow ?? made;
      })
      .catch(this.nameTaken);
    return { config: this.config(row), createdAt: row.createdAt };
  }

  async update(userId: string, id: string, input: UpdateMcpServerInput) {
    const { config } = await this.get(userId, id);
    const http = config.transport === "http";
    if (!http && (input.url !== undefined || input.headers !== undefined))
      throw new AppError(400, "validation_failed", "A local (stdio) server has no URL or headers");
    if (http && (input.command !== undefined || input.args !== undefined))
      throw new AppError(400, "validation_failed", "A remote (http) server has no command or arguments");
    const url = input.url !== undefined ? await this.checkUrl(input.url) : undefined;
    const headers =
      input.headers === undefined
        ? undefined
        : input.headers === null || Object.keys(input.headers).length === 0
          ? null
          : this.deps.box.seal(JSON.stringify(input.headers), headersContext(userId, id));
    const [row] = await this.deps.db
      .update(mcpServers)
      .set({
        name: input.name,
        url,
        headersCiphertext: headers,
        command: input.command,
        args: input.args,
        enabled: input.enabled,
      })
      .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, userId)))
      .returning()
      .catch(this.nameTaken);
    if (!row) throw new AppError(404, "not_found", "No such MCP server");
    return { config: this.config(row), createdAt: row.createdAt };
  }

  async remove(userId: string, id: string): Promise<void> {
    const gone = isUuid(id)
      ? await this.deps.db
          .delete(mcpServers)
          .where(and(eq(mcpServers.id, id), eq(mcpServers.userId, userId)))
          .returning({ id: mcpServers.id })
      : [];
    if (gone.length === 0) throw new AppError(404, "not_found", "No such MCP server");
  }

  private nameTaken = (err: unknown): never => {
    if (isUniqueViolation(err))
      throw new AppError(409, "conflict", "You already have an MCP server with this name", {
        name: "Already used",
      });
    throw err;
  };
}
