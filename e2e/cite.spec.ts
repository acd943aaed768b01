import { expect } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/**
 * The agent's memory of the person's files: a document uploaded in Files is found by the
 * agent's search_files (the hybrid index, built on first use), and the answer's citation opens
 * the file at the cited lines.
 */

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

const HANDBOOK = [
  "# Staff handbook",
  ...Array.from({ length: 44 }, (_, i) => `Section ${i + 1}: general rules about desks and chairs.`),
  "Guests connect to the office wireless network with the passphrase blue-falcon-42.",
  ...Array.from({ length: 20 }, (_, i) => `Appendix ${i + 1}: parking and bicycles.`),
].join("\n");

/** The scripted model reads search_files' answer (the last tool message) and cites its first passage. */
function citeFirstPassage(request: Record<string, unknown>): string[] {
  const messages = (request.messages ?? []) as { role: string; content?: unknown }[];
  const tool = messages.filter((m) => m.role === "tool").at(-1);
  const result = JSON.parse(String(tool?.content ?? "{}")) as {
    passages?: { citation: string; text: string }[];
  };
  const first = result.passages?.[0];
  if (!first) return ["I found nothing about it."];
  const passphrase = /passphrase ([\w-]+)/.exec(first.text)?.[1] ?? "unknown";
  return ["The guest passphrase is ", `${passphrase} (see ${first.citation}).`];
}

test("upload a document, ask the agent about it: the answer cites the file, and the citation opens it at those lines", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await page.goto("/dashboard/files");
  await page.getByLabel("Files to upload").setInputFiles({
    name: "handbook.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(HANDBOOK),
  });
  // The upload is this test's setup: it is checked where it lands (the workspace), not on the
  // Files list, whose refresh files.spec.ts tests.
  await expect(toasts(page).getByText("Uploaded handbook.md")).toBeVisible();
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get("/api/files?path=%2Fhome%2Fuser")).json()))
    .toContain("/home/user/handbook.md");

  await ui.goto();
  await ui.useInterpreter();
  provider.script(
    {
      kind: "tool-calls",
      calls: [{ id: "call_s", name: "search_files", args: { query: "guest wireless network passphrase" } }],
    },
    { kind: "text", chunks: citeFirstPassage },
  );
  await ui.message.fill("What is the guest wifi password in my handbook?");
  await ui.message.press("Enter");

  const answer = ui.messages.getByText(/The guest passphrase is blue-falcon-42/);
  await expect(answer).toBeVisible({ timeout: 20_000 });
  // The citation is the passage's line range, as search_files gave it.
  const citation = answer.getByRole("link", { name: /^\/home\/user\/handbook\.md:\d+-\d+$/ });
  await expect(citation).toBeVisible();
  const [from, to] = ((await citation.textContent()) ?? "").split(":")[1]?.split("-").map(Number) ?? [];
  expect(from).toBeLessThanOrEqual(46);
  expect(to).toBeGreaterThanOrEqual(46);

  await citation.click();
  const viewer = page.getByRole("dialog", { name: "handbook.md" });
  await expect(viewer).toContainText(`lines ${from}-${to}`);
  await expect(viewer.getByRole("region", { name: "Contents of handbook.md" })).toContainText(
    "blue-falcon-42",
  );
  await expect(viewer.getByTestId("cited-lines")).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
});

/** The scripted model answers from the first passage the message was sent with, citing it as [1]. */
function answerFromPassages(request: Record<string, unknown>): string[] {
  const messages = (request.messages ?? []) as { role: string; content?: unknown }[];
  const question = String(messages.filter((m) => m.role === "user").at(-1)?.content ?? "");
  const passphrase = /\[1\] \/home\/user\/handbook\.md:[\s\S]*?passphrase ([\w-]+)/.exec(question)?.[1];
  return passphrase ? ["The guest passphrase is ", `${passphrase} [1].`] : ["Nothing was sent with it."];
}

test('"Search my files": the message goes with the passages found, the reply cites them by number, after a reload too', async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  const put = await page.request.put("/api/files/content", {
    data: { path: "/home/user/handbook.md", content: HANDBOOK },
  });
  expect(put.ok()).toBe(true);

  const toggle = page.getByRole("button", { name: "Search my files" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  provider.script({ kind: "text", chunks: answerFromPassages });
  await ui.message.fill("What is the guest wireless passphrase?");
  await ui.message.press("Enter");

  const answer = ui.messages.getByText(/The guest passphrase is blue-falcon-42/);
  await expect(answer).toBeVisible({ timeout: 30_000 });
  const passages = ui.messages.getByRole("list", { name: "Passages from your files" });
  await expect(passages.getByRole("button").first()).toHaveText(/^\[1\] handbook\.md:\d+-\d+$/);
  // The toggle stays on for the next message, as the person left it.
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  // After a reload the passages and the numbered citation are still there; [1] opens the file.
  await page.reload();
  const marker = ui.messages.getByRole("link", { name: /^Source 1: \/home\/user\/handbook\.md:\d+-\d+$/ });
  await expect(marker).toHaveText("[1]", { timeout: 20_000 });
  const [from, to] =
    /:(\d+)-(\d+)$/
      .exec((await marker.getAttribute("aria-label")) ?? "")
      ?.slice(1)
      .map(Number) ?? [];
  expect(from).toBeLessThanOrEqual(46);
  expect(to).toBeGreaterThanOrEqual(46);
  await marker.click();
  const viewer = page.getByRole("dialog", { name: "handbook.md" });
  await expect(viewer).toContainText(`lines ${from}-${to}`);
  await expect(viewer.getByTestId("cited-lines")).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});
