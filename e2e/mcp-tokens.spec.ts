import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { expect, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";
import { scrollsSideways, seriousViolations } from "./support/ui";

test.describe.configure({ timeout: 90_000 });

/** Settings → Access tokens: a token made there lets an MCP client in; revoked, it is refused at once. */
test("an access token made in Settings opens /mcp to an MCP client until it is revoked", async ({
  page,
  baseURL,
}) => {
  await signedInAccount(page);
  await page.goto("/dashboard/settings");
  const section = page.getByRole("region", { name: "Access tokens (MCP)" });
  await expect(section.getByText("No access tokens yet.")).toBeVisible();
  await section.getByRole("button", { name: "Make token" }).click();
  await expect(section.getByText("Name the token, e.g. the app that will use it")).toBeVisible();
  await section.getByLabel("Token name").fill("Laptop IDE");
  await section.getByLabel("Access").selectOption("full");
  await section.getByRole("button", { name: "Make token" }).click();
  const token = (await section.getByTestId("new-access-token").textContent()) ?? "";
  expect(token).toMatch(/^nos_/);
  await expect(section.getByRole("list", { name: "Access tokens" })).toContainText("Laptop IDE");
  expect(await seriousViolations(page)).toEqual([]);

  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", baseURL), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name)).toContain("write_file");
  await client.callTool({
    name: "write_file",
    arguments: { path: "/home/user/from-mcp.txt", content: "hello" },
  });
  await page.reload();
  await expect(section.getByText(/last used/)).toBeVisible();

  await section.getByRole("button", { name: "Revoke Laptop IDE" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(section.getByText("No access tokens yet.")).toBeVisible();
  await expect(client.listTools()).rejects.toThrow();
  await client.close();

  await page.setViewportSize({ width: 360, height: 740 });
  expect(await scrollsSideways(page)).toBe(false);
});
