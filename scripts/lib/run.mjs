import { spawnSync } from "node:child_process";

/** Runs a command with inherited output; returns true when it exits 0. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.error) console.error(`${command}: ${result.error.message}`);
  return result.status === 0;
}

export const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;
