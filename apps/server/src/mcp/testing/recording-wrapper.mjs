// A local (stdio) MCP server for tests, run inside the sandbox: it starts the bundled reference
// server (everything.mjs beside it), appends what the client sends it to `<name>.sent.log`, and
// kills the server (SIGKILL) when a file `<name>.kill` appears: a server that crashes mid-call.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const name = process.argv[2] ?? "server";
const log = fs.createWriteStream(path.join(here, `${name}.sent.log`), { flags: "a" });
const server = spawn(process.execPath, [path.join(here, "everything.mjs")], {
  stdio: ["pipe", "inherit", "inherit"],
});
process.stdin.on("data", (chunk) => {
  log.write(chunk);
  server.stdin.write(chunk);
});
process.stdin.on("end", () => server.stdin.end());
server.on("exit", (code) => process.exit(code ?? 1));
setInterval(() => {
  if (fs.existsSync(path.join(here, `${name}.kill`))) server.kill("SIGKILL");
}, 100);
