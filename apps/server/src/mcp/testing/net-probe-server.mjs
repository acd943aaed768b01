// A tiny MCP server on stdio (JSON-RPC by hand, no dependencies: it runs inside the sandbox from
// a workspace). Its tools: `connect` opens a TCP connection to 127.0.0.1:<port> and says whether
// it got through; `home` lists the files of the folder it runs in.
import fs from "node:fs";
import net from "node:net";
import readline from "node:readline";

const tools = [
  {
    name: "connect",
    description: "Opens a TCP connection to 127.0.0.1 on the given port",
    inputSchema: { type: "object", properties: { port: { type: "number" } }, required: ["port"] },
    annotations: { readOnlyHint: true },
  },
  {
    name: "home",
    description: "Lists the files of the working folder",
    inputSchema: { type: "object", properties: {} },
    annotations: { readOnlyHint: true },
  },
];

const text = (value) => ({ content: [{ type: "text", text: value }] });

function connect(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(text("failed: timeout"));
    });
    socket.once("connect", () => {
      socket.end("hello from the sandbox\n");
      resolve(text("connected"));
    });
    socket.once("error", (err) => resolve(text(`failed: ${err.code ?? err.message}`)));
  });
}

async function answer(method, params) {
  if (method === "initialize")
    return {
      protocolVersion: params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: "net-probe", version: "1.0.0" },
    };
  if (method === "ping") return {};
  if (method === "tools/list") return { tools };
  if (method === "tools/call" && params.name === "connect") return connect(Number(params.arguments?.port));
  if (method === "tools/call" && params.name === "home") return text(fs.readdirSync(".").sort().join("\n"));
  throw Object.assign(new Error(`Method not found: ${method}`), { code: -32601 });
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

readline.createInterface({ input: process.stdin }).on("line", async (line) => {
  const { id, method, params } = JSON.parse(line);
  if (id === undefined) return; // a notification
  try {
    send({ id, result: await answer(method, params ?? {}) });
  } catch (err) {
    send({ id, error: { code: err.code ?? -32603, message: err.message } });
  }
});
