import { expect, test } from "@playwright/test";
import { connectWithToken } from "../apps/server/src/mcp/testing/token-client";
import { pkce, postForm, register } from "../apps/server/src/oauth/testing/oauth-flow";
import { createAccount, newAccount } from "./support/accounts";
import { scrollsSideways, seriousViolations } from "./support/ui";

test.describe.configure({ timeout: 90_000 });

const REDIRECT = "http://127.0.0.1:7777/callback";

/**
 * An MCP client's OAuth flow in the browser: /oauth/authorize → sign in → NeuroOS's consent
 * screen → Allow → the client's redirect URI gets a code; the token it buys reaches /mcp; Revoke
 * in Settings → Connected apps refuses it at once.
 */
test("the consent screen: sign in, allow, the code buys a token that works until revoked in Settings", async ({
  page,
  baseURL,
}) => {
  const origin = baseURL ?? "";
  const made = await register(origin, { client_name: "Claude Test Connector", redirect_uris: [REDIRECT] });
  expect(made.status).toBe(201);
  const clientId = made.body.client_id as string;
  const { verifier, challenge } = pkce();
  const authorize = new URL("/oauth/authorize", origin);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: "e2e-state",
    scope: "read full",
    resource: `${origin}/mcp`,
  }).toString();
  // The client's redirect URI, as its local callback server would answer.
  await page.route(`${REDIRECT}**`, (route) =>
    route.fulfill({ contentType: "text/plain", body: "Connected" }),
  );

  // Signed out: the consent screen asks for sign-in first, then comes back.
  const account = await createAccount(page.request, newAccount());
  await page.goto(authorize.href);
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Foauth%2Fconsent/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  await expect(
    page.getByRole("heading", { level: 1, name: "Allow Claude Test Connector to use NeuroOS?" }),
  ).toBeVisible();
  await expect(page.getByText("Unverified app.")).toBeVisible();
  await expect(page.getByText("127.0.0.1:7777")).toBeVisible();
  const scopes = page.getByRole("group", { name: "What Claude Test Connector may do" });
  await expect(scopes.getByRole("radio", { name: /Read your files/ })).toBeChecked();
  await expect(page.getByLabel("Ask me before each change")).toHaveCount(0);
  await scopes.getByRole("radio", { name: /Full access/ }).check();
  await page.getByLabel("Ask me before each change").uncheck();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(() => scrollsSideways(page)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Keyboard: Allow is reached and pressed without a pointer.
  await page.getByRole("button", { name: "Allow" }).focus();
  await page.keyboard.press("Enter");
  await page.waitForURL(`${REDIRECT}**`);
  const back = new URL(page.url());
  expect(back.searchParams.get("state")).toBe("e2e-state");
  const code = back.searchParams.get("code") ?? "";
  expect(code).not.toBe("");

  const tokens = await postForm(origin, "/oauth/token", {
    grant_type: "authorization_code",
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
  });
  expect(tokens.status).toBe(200);
  expect(tokens.body.scope).toBe("full");
  const client = await connectWithToken(origin, tokens.body.access_token as string);
  expect((await client.listTools()).tools.map((t) => t.name)).toContain("write_file");

  await page.goto("/dashboard/settings");
  const section = page.getByRole("region", { name: "Connected apps" });
  const list = section.getByRole("list", { name: "Connected apps" });
  await expect(list).toContainText("Claude Test Connector");
  await expect(list).toContainText("Full access");
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole("button", { name: "Revoke Claude Test Connector" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(section.getByText("No connected apps.")).toBeVisible();
  await expect(client.listTools()).rejects.toThrow();
  await client.close();
});

test("Deny sends the app access_denied and no code", async ({ page, baseURL }) => {
  const origin = baseURL ?? "";
  const made = await register(origin, { client_name: "Denied App", redirect_uris: [REDIRECT] });
  const authorize = new URL("/oauth/authorize", origin);
  authorize.search = new URLSearchParams({
    client_id: made.body.client_id as string,
    redirect_uri: REDIRECT,
    response_type: "code",
    code_challenge: pkce().challenge,
    code_challenge_method: "S256",
    state: "deny-state",
  }).toString();
  await page.route(`${REDIRECT}**`, (route) => route.fulfill({ contentType: "text/plain", body: "Back" }));
  const account = await createAccount(page.request, newAccount());
  const login = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(200);
  await page.emulateMedia({ colorScheme: "dark" });
  // A link naming an app NeuroOS does not know: said in words, nothing sent anywhere.
  const unknown = new URL(authorize);
  unknown.searchParams.set("client_id", "00000000-0000-4000-8000-000000000000");
  await page.goto(unknown.href);
  await expect(
    page.getByRole("heading", { level: 1, name: "This app's sign-in link cannot be used" }),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("names an app NeuroOS does not know");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(authorize.href);
  await expect(
    page.getByRole("heading", { level: 1, name: "Allow Denied App to use NeuroOS?" }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Deny" }).click();
  await page.waitForURL(`${REDIRECT}**`);
  const back = new URL(page.url());
  expect(back.searchParams.get("error")).toBe("access_denied");
  expect(back.searchParams.get("state")).toBe("deny-state");
  expect(back.searchParams.get("code")).toBeNull();
});
