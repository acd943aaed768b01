import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import net from "node:net";
import { build } from "esbuild";
import { freePort } from "../../test/server-process";

/** The reference MCP server (`@modelcontextprotocol/server-everything`) run as a real process. */
export interface EverythingServer {
  child: ChildProcess;
  port: number;
  origin: string;
  output: () => string;
  kill: () => Promise<void>;
}

const require = createRequire(import.meta.url);
const entry = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** Starts it in `streamableHttp` (/mcp) or `sse` (/sse) mode on a free loopback port. */
export async function startEverything(
  mode: "streamableHttp" | "sse",
  port?: number,
): Promise<EverythingServer> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [entry, mode], {
    env: { PATH: process.env.PATH ?? "", PORT: String(chosen) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => {
    log += d;
  });
  child.stderr?.on("data", (d) => {
    log += d;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + 20_000;
  while (!(await listening(chosen))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await kill();
      throw new Error(`server-everything (${mode}) did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, port: chosen, origin: `http://127.0.0.1:${chosen}`, output: () => log, kill };
}

/**
 * The reference server's stdio entry bundled into one file (`outfile`, in a workspace), for a
 * local server run inside the sandbox, where there is no network and no node_modules.
 */
export async function bundleEverything(outfile: string): Promise<void> {
  await build({
    entryPoints: [require.resolve("@modelcontextprotocol/server-everything/dist/transports/stdio.js")],
    bundle: true,
    platform: "node",
    format: "esm",
    minify: true,
    logLevel: "silent",
    outfile,
    banner: {
      js: 'import{createRequire}from"node:module";const require=createRequire(import.meta.url);',
    },
  });
}
