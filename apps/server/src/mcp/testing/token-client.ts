import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** The official SDK's client, connected to NeuroOS's /mcp at `origin` with an access token. */
export async function connectWithToken(origin: string, token: string): Promise<Client> {
  const client = new Client({ name: "neuroos-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", origin), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}
