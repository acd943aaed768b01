import { expect, test } from "@playwright/test";
import { connectWithToken } from "../apps/server/src/mcp/testing/token-client";
import { ConsolePage } from "./pages/console-page";
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

  const client = await connectWithToken(baseURL ?? "", token);
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
  await expect.poll(() => scrollsSideways(page)).toBe(false);
});

/** A token made to ask first: its writes wait for the approval card in the console. */
test("a token that asks before writes and runs: approved in the console it writes, denied it is refused", async ({
  page,
  baseURL,
}) => {
  await signedInAccount(page);
  await page.goto("/dashboard/settings");
  const section = page.getByRole("region", { name: "Access tokens (MCP)" });
  await section.getByLabel("Token name").fill("Careful IDE");
  await expect(section.getByLabel("Ask me in the console before writes and runs")).toHaveCount(0);
  await section.getByLabel("Access").selectOption("full");
  await section.getByLabel("Ask me in the console before writes and runs").check();
  expect(await seriousViolations(page), "token form with the option").toEqual([]);
  await section.getByRole("button", { name: "Make token" }).click();
  const token = (await section.getByTestId("new-access-token").textContent()) ?? "";
  await expect(section.getByRole("list", { name: "Access tokens" })).toContainText(
    "asks in the console before writes and runs",
  );

  const ui = new ConsolePage(page);
  await ui.goto();
  await expect(ui.statusBar.getByRole("status")).toHaveText("Ready");
  const client = await connectWithToken(baseURL ?? "", token);
  const requests = page.getByRole("region", { name: "Requests from your access tokens" });
  const file = async (path: string) => {
    const res = await page.request.get(`/api/files/content?path=${encodeURIComponent(path)}`);
    return res.ok() ? (await res.json()).content : null;
  };

  const approvedCall = client.callTool({
    name: "write_file",
    arguments: { path: "/home/user/careful.txt", content: "from the IDE" },
  });
  const card = requests.getByRole("region", { name: /Approval needed: write_file/ });
  await expect(card).toContainText("An app using your access token “Careful IDE” waits for you");
  const content = card.getByLabel("File content to write (you can edit it)");
  await expect(content).toHaveValue("from the IDE");
  expect(await file("/home/user/careful.txt")).toBeNull();
  expect(await seriousViolations(page), "console with a token's question").toEqual([]);
  await content.fill("approved in the console");
  await card.getByRole("button", { name: "Approve" }).click();
  expect((await approvedCall).isError).toBe(false);
  await expect(requests.getByRole("status")).toHaveText("write_file from “Careful IDE”: Approved");
  expect(await file("/home/user/careful.txt")).toBe("approved in the console");
  await requests.getByRole("button", { name: "Dismiss: write_file from Careful IDE" }).click();
  await expect(requests).toBeHidden();

  // A denial is the call's result with isError (MCP 2025-11-25: the model can act on it), not a protocol error.
  const deniedCall = client.callTool({ name: "run_shell", arguments: { command: "touch denied.txt" } });
  const shellCard = requests.getByRole("region", { name: /Approval needed: run_shell/ });
  await expect(shellCard.getByLabel("Command to run (you can edit it)")).toHaveValue("touch denied.txt");
  await shellCard.getByRole("button", { name: "Deny" }).click();
  const denied = await deniedCall;
  expect(denied.isError).toBe(true);
  expect(JSON.stringify(denied.content)).toMatch(/Not approved: the person denied it/);
  await expect(requests.getByRole("status")).toHaveText("run_shell from “Careful IDE”: Denied");
  expect(await file("/home/user/denied.txt")).toBeNull();
  await client.close();
});
