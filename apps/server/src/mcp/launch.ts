import type { User } from "@neuroos/contracts";
import type { Sandbox } from "../sandbox/runner";
import type { WorkspaceService } from "../workspace/service";
import type { McpServerConfig } from "./servers";
import type { LaunchedCommand } from "./transports";

/**
 * Starts a person's local (stdio) MCP server inside the bubblewrap sandbox: their workspace as
 * the home folder, the sandbox's limits (memory, processes, file size of their plan), a session
 * of its own (no controlling terminal), and no network unless the admin allowed it for this
 * server (it then shares the host's).
 */
export function sandboxLauncher(deps: {
  sandbox: Sandbox;
  workspaces: WorkspaceService;
  owner: (userId: string) => Promise<Pick<User, "id" | "plan">>;
}) {
  return async (config: McpServerConfig): Promise<LaunchedCommand> => {
    if (!config.command) throw new Error("The server has no command");
    const owner = await deps.owner(config.userId);
    const workspace = await deps.workspaces.root(owner);
    const maxFileSizeMb = deps.workspaces.quota(owner.plan).maxFileBytes / (1024 * 1024);
    return deps.sandbox.command(
      [config.command, ...config.args],
      workspace,
      {},
      { maxFileSizeMb },
      { newSession: true, network: config.allowNetwork },
    );
  };
}
