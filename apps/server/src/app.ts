import type { CatalogueEntry } from "@neuroos/contracts";
import type { FastifyInstance } from "fastify";
import { actionRoutes } from "./actions/routes";
import { Approvals } from "./agent/approvals";
import { ToolRegistry } from "./agent/tools";
import { agentRoutes } from "./agents/routes";
import { audioRoutes } from "./audio/routes";
import { createMailer, type Mailer } from "./auth/mailer";
import { authRoutes, type SignInWindows } from "./auth/routes";
import { registerExecutionFrames } from "./chat/console-frames";
import { mountChat } from "./chat/mount";
import { restoreSession } from "./chat/trash";
import type { Cluster } from "./cluster/cluster";
import { joinCluster } from "./cluster/join";
import type { Database } from "./db/client";
import { documentRoutes } from "./documents/routes";
import { DocumentService } from "./documents/service";
import { restoreDocument } from "./documents/trash";
import type { Env } from "./env";
import { mountExecutions } from "./executions/mount";
import { exportRoutes } from "./exports/routes";
import { httpFoundation } from "./http/foundation";
import { ideRoutes } from "./ide/routes";
import { JobPool } from "./jobs/pool";
import { FrameRouter } from "./live/frame-router";
import { liveRoutes } from "./live/routes";
import { llmCoreCheck } from "./llm/module-check";
import { mountLlm } from "./llm/mount";
import { modelCallRecorder } from "./logs/model-calls";
import { logsRoutes } from "./logs/routes";
import { defaultCatalogueDir, loadCatalogue } from "./marketplace/catalogue";
import { mountMarketplace } from "./marketplace/mount";
import { mcpAgentTools } from "./mcp/agent-tools";
import { mountMcp } from "./mcp/mount";
import { memoryRoutes } from "./memory/routes";
import { MemoryService } from "./memory/service";
import { mountOAuth } from "./oauth/mount";
import { mountOpenAiApi } from "./openai-api/mount";
import { SecretBox } from "./platform/secret-box";
import { Redactor } from "./redaction";
import { codeInterpreterCheck, terminalCheck } from "./sandbox/module-check";
import { mountSandbox } from "./sandbox/mount";
import { loadOrCreateSecret } from "./secrets";
import { settingsRoutes } from "./settings/routes";
import { accessReader } from "./settings/service";
import { mountSpeech } from "./speech/mount";
import { symbolRoutes } from "./symbols/routes";
import { SymbolLibrary } from "./symbols/service";
import { fileIoCheck, vectorDbCheck } from "./system/module-checks";
import { mountSystem, startMetrics } from "./system/mount";
import { mountTerminals } from "./terminal/mount";
import { mountTrash } from "./trash/mount";
import type { DownloadableEmbedding } from "./vector/model-downloads";
import { mountVectorSearch } from "./vector/mount";
import { TRANSFORMERS_POOL_LIMITS } from "./vector/transformers";
import { defaultWebDist, webRoutes } from "./web/static";
import { mountWorkspaces } from "./workspace/mount";

export interface AppDeps {
  env: Env;
  database: Database;
  sessionSecret: string;
  mailer?: Mailer;
  /** Sign-in attempts allowed per IP per minute (tests raise it). */
  loginPerMinute?: number;
  /** The sign-in limits' windows: a minute per IP, 15 minutes per account (tests shorten them). */
  signInWindows?: SignInWindows;
  /** The marketplace catalogue, loaded and checked (read from MARKETPLACE_DIR unless given). */
  catalogue?: CatalogueEntry[];
  /** This node among the others on the database (opened from the database unless given). */
  cluster?: Cluster;
  /** How often this node says it is alive, and after how long a silent node is dead (tests). */
  heartbeat?: { heartbeatMs?: number; deadAfterMs?: number };
  /** The embedding models that can be downloaded (all-MiniLM-L6-v2 unless given: tests give a tiny one). */
  embeddingDownloads?: DownloadableEmbedding[];
}

/** Builds the whole HTTP application from its feature plugins; tests build it too. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  // Every secret the server holds, hidden from what people see and what the log keeps.
  const redactor = Redactor.fromEnv(env);
  const { app, origins } = await httpFoundation({ ...deps, redactor });

  // This node among the others on one PostgreSQL (alone on PGlite): the live bus every node's
  // sockets hear, signals between nodes, and the heartbeat after which a dead node's work fails.
  // Joined first, so it leaves last (onClose runs last-added first): the sandbox's last frames go out.
  const { cluster, nodes } = await joinCluster(app, database, deps);
  const bus = cluster.bus;
  const mailer = deps.mailer ?? createMailer(env.SMTP_URL, env.MAIL_FROM, app.log);
  // Code execution: one sandbox runner and the users' workspaces, shared by every feature.
  // (onClose hooks run last-added first: the sandbox's jobs end before the volumes are let go.)
  const workspaces = await mountWorkspaces(app, { env, database, bus });
  const { sandbox, jobSlots } = mountSandbox(app, env);
  // (onClose hooks run last-added first: the terminals end before the sandbox closes.)
  const terminals = await mountTerminals(app, {
    env,
    db: database.db,
    sandbox,
    workspaces,
    nodeId: cluster.nodeId,
    nodes,
    origins,
  });
  const metrics = startMetrics(app, bus, () => jobSlots.runningTotal);
  // The server's secret box: keys people saved are encrypted with it.
  const box = new SecretBox(loadOrCreateSecret(env.DATA_DIR, "secret-key", env.SECRET_KEY));
  const llm = await mountLlm(app, {
    env,
    db: database.db,
    cluster,
    redactor,
    readAccess: accessReader(database.db, box),
    recordCall: modelCallRecorder({ db: database.db, bus }),
    countCall: (provider, tokens) => metrics.countModelCall(provider, tokens),
  });
  const frames = new FrameRouter();
  await mountSystem(app, {
    database,
    checks: [
      fileIoCheck(env.DATA_DIR),
      vectorDbCheck(database),
      codeInterpreterCheck(sandbox),
      terminalCheck(sandbox, () => terminals.count),
      llmCoreCheck(llm),
    ],
    frames,
    sandbox,
    metrics,
  });
  await app.register(authRoutes, {
    db: database.db,
    mailer,
    mailConfigured: env.SMTP_URL !== undefined,
    executiveDomains: env.EXECUTIVE_ACCESS_DOMAINS,
    publicUrl: env.PUBLIC_URL,
    loginPerMinute: deps.loginPerMinute ?? env.LOGIN_LIMIT_PER_MINUTE,
    signInWindows: deps.signInWindows,
  });
  await app.register(logsRoutes, { db: database.db });
  await app.register(agentRoutes, { db: database.db });
  const memories = new MemoryService(database.db);
  await app.register(memoryRoutes, { db: database.db, memories });
  await app.register(settingsRoutes, {
    db: database.db,
    box,
    endpointPolicy: llm.endpointPolicy,
    tryAccess: (provider, access) => llm.statuses.tryAccess(provider, access),
    onChange: llm.settingsChanged,
  });
  await app.register(actionRoutes, { db: database.db, gateway: llm.gateway });
  const documents = new DocumentService(database.db);
  await app.register(documentRoutes, { db: database.db, bus, documents });
  await mountTrash(app, {
    db: database.db,
    bus,
    restorers: {
      document: restoreDocument,
      session: restoreSession,
      file: (tx, item) => workspaces.restoreFromTrash(tx, item),
      task: (tx, item) => documents.restoreTask(tx, item),
    },
    releasers: { file: (items) => workspaces.releaseTrash(items) },
  });
  const jobs = new JobPool(); // heavy work on a person's input (exports, embedding): worker threads, bounded
  const modelJobs = new JobPool(TRANSFORMERS_POOL_LIMITS); // transformers.js embeddings: processes, bounded
  app.addHook("onClose", () => Promise.all([jobs.close(), modelJobs.close()]));
  await app.register(exportRoutes, { db: database.db, jobs });
  await app.register(audioRoutes, { db: database.db, bus, gateway: llm.gateway, workspaces });
  await mountSpeech(app, { db: database.db, sandbox });
  await app.register(symbolRoutes, { db: database.db, symbols: new SymbolLibrary() });
  const executions = await mountExecutions(app, {
    db: database.db,
    sandbox,
    workspaces,
    bus,
    slots: jobSlots,
    perUser: env.SANDBOX_JOBS_PER_USER,
    cluster,
    nodes,
    maxFileSizeMb: env.SANDBOX_MAX_FILE_MB,
  });
  await app.register(ideRoutes, { db: database.db, sandbox, executions, workspaces });
  const { embeddingModels, vectors, indexer } = await mountVectorSearch(app, {
    db: database.db,
    gateway: llm.gateway,
    workspaces,
    dataDir: env.DATA_DIR,
    hubUrl: env.HF_ENDPOINT,
    hubToken: env.HF_TOKEN,
    downloadable: deps.embeddingDownloads,
    jobs: { local: jobs, models: modelJobs },
  });
  // The console: code runs and terminal commands from the live channel, and chat turns
  // (plain, or an agent with tools) streamed to the user's browsers.
  registerExecutionFrames(frames, { db: database.db, bus, executions, workspaces });
  // The agent's search_files and "Search my files": the index built on first use, kept current.
  const fileSearch: Pick<typeof vectors, "search"> = {
    search: async (userId, query, options) => {
      await indexer.ready(userId);
      return vectors.search(userId, query, options);
    },
  };
  // Tools are built once from the services each needs; the chat runs the agent engine.
  const tools = new ToolRegistry({ executions, workspaces, memories, vectors: fileSearch });
  // Safe mode's questions to the person (an agent's tool calls, and /mcp calls of tokens that ask).
  // Asked and answered on any node (approval_requests); the node that asked resolves each.
  const approvals = new Approvals({ db: database.db, cluster, nodes });
  // MCP both ways: NeuroOS's tools for outside clients, and the person's own servers.
  const mcp = await mountMcp(app, {
    db: database.db,
    env,
    bus,
    tools,
    approvals,
    box,
    endpointPolicy: llm.endpointPolicy,
    redactor,
    sandbox,
    workspaces,
    nodeId: cluster.nodeId,
    nodes,
    origins,
    signals: cluster,
    documents,
  });
  // OAuth 2.1 for /mcp: MCP clients connect by a consent screen; their tokens are /mcp's own kind.
  await mountOAuth(app, { db: database.db, env, tokens: mcp.tokens, endpointPolicy: llm.endpointPolicy });
  // The OpenAI-compatible API (/v1): the person's agents and models, by the same access tokens.
  await mountOpenAiApi(app, {
    db: database.db,
    llm,
    // Personal tokens only: an OAuth token's audience is /mcp (RFC 8707), not /v1.
    verifyToken: async (token) => {
      const holder = await mcp.tokens.verify(token);
      return holder?.viaOAuth ? null : holder;
    },
  });
  await mountMarketplace(app, {
    db: database.db,
    catalogue: deps.catalogue ?? loadCatalogue(env.MARKETPLACE_DIR ?? defaultCatalogueDir()),
    documents,
    mcpServers: mcp.servers,
    mcpConnections: mcp.connections,
    pulls: llm.pulls,
    embeddingModels,
  });
  const replies = await mountChat(app, {
    frames,
    db: database.db,
    bus,
    gateway: llm.gateway,
    approvals,
    tools,
    memories,
    // An agent's selected MCP tools: its servers connected for the turn, every call logged.
    mcpTools: (userId, selected, waitMs) =>
      mcpAgentTools(
        { servers: mcp.servers, connections: mcp.connections, recordCall: mcp.calls },
        userId,
        selected,
        waitMs,
      ),
    maxSteps: env.AGENT_MAX_STEPS,
    // A message's attached workspace files (and, for each turn, its images) are read from here.
    files: workspaces,
    // A message's attached resources are read from the person's MCP servers when it is sent.
    resources: { read: (userId, serverId, uri) => mcp.contents.readResource(userId, serverId, uri) },
    fileSearch,
    // One turn per session across the nodes (chat_turns); Stop from any node; a dead node's fail.
    cluster,
    nodes,
  });
  await app.register(liveRoutes, {
    db: database.db,
    bus,
    router: frames,
    origins,
    onConnect: (userId) => replies.inProgress(userId),
  });
  await app.register(webRoutes, { distDir: env.WEB_DIST_DIR ?? defaultWebDist() });
  await nodes.start();
  return app;
}
