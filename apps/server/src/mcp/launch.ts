import { randomUUID } from "node:crypto";
import type { User } from "@neuroos/contracts";
import type { LiveWork } from "../cluster/live-work";
import type { Sandbox } from "../sandbox/runner";
import { holdWithinQuota } from "../workspace/room-watch";
import type { WorkspaceService } from "../workspace/service";
import type { McpServerConfig } from "./servers";
import type { LaunchedCommand } from "./transports";

/**
 * Starts a person's local (stdio) MCP server inside the bubblewrap sandbox with its environment
 * variables (nothing of the server's own environment): their workspace as the home folder, the sandbox's limits (memory, processes, file size of their plan), a session
 * of its own (no controlling terminal), and no network unless the admin allowed it for this
 * server (it then shares the host's). A person runs at most `limits.perUser` at once on all nodes
 * together (each is a row of `live`, removed when its sandbox is released). Its writes count
 * against the quota as a terminal's do: refused to start while the workspace is full, taken back
 * past the quota while it runs and when it stops, and reported (the index, open editors) then.
 */
export function sandboxLauncher(deps: {
  sandbox: Sandbox;
  workspaces: WorkspaceService;
  owner: (userId: string) => Promise<Pick<User, "id" | "plan">>;
  live: LiveWork;
  /** Local servers a person may run at once; how long an unused one runs (said when refusing). */
  limits: { perUser: number; idleMs: number };
}) {
  return async (config: McpServerConfig): Promise<LaunchedCommand> => {
    if (!config.command) throw new Error("The server has no command");
    const owner = await deps.owner(config.userId);
    const workspace = await deps.workspaces.root(owner);
    await deps.workspaces.assertRoom(owner, "turn the server on again");
    const maxFileSizeMb = deps.workspaces.quota(owner.plan).maxFileBytes / (1024 * 1024);
    let stop = (_why: string) => Promise.resolve();
    const claim = await deps.live.open({
      id: randomUUID(),
      userId: owner.id,
      cap: deps.limits.perUser,
      stop: () => void stop("The server was stopped").catch(() => {}),
    });
    if ("refused" in claim) {
      const running = claim.refused;
      throw new Error(
        `You already run ${running} local MCP server${running === 1 ? "" : "s"}, the most one person may run at once. ` +
          `One stops by itself after ${Math.max(1, Math.round(deps.limits.idleMs / 60_000))} min unused; or turn one off.`,
      );
    }
    const since = Date.now();
    try {
      const launched = await deps.sandbox.command(
        [config.command, ...config.args],
        workspace,
        // The person's variables (API keys...), over the sandbox's own (PATH, HOME...) where named alike.
        config.env,
        { maxFileSizeMb },
        { newSession: true, network: config.allowNetwork },
      );
      // Its writes past the quota are taken back while it runs; one that keeps the workspace past
      // it is stopped (its connection closes, which ends its process with or without cgroups).
      stop = () => launched.release();
      const endHold = await holdWithinQuota(deps.workspaces, owner, since, {
        stop: () =>
          void stop(deps.workspaces.fullError(owner, "turn the server on again").message).catch(() => {}),
        onError: () => {}, // the next measure tries again
      }).catch(async (err) => {
        await launched.release();
        throw err;
      });
      return {
        ...launched,
        stopWith: (close) => {
          stop = close;
        },
        release: async () => {
          try {
            await launched.release();
          } finally {
            await claim.release();
            await endHold();
            await deps.workspaces.noticeWrites(owner, since).catch(() => {});
          }
        },
      };
    } catch (err) {
      await claim.release();
      throw err;
    }
  };
}
