import { expect, type Page, test } from "@playwright/test";
import { LoginPage } from "./pages/auth-pages";
import { createAccount, signOutWithButton } from "./support/accounts";

/**
 * One browser, two people, one after the other (a family computer, a library): what the first
 * leaves on the device (accessibility settings, an open note) never reaches the second, and
 * comes back when the first signs in again.
 */
test.describe.configure({ timeout: 120_000 });

const html = (page: Page) => page.locator("html");

async function signInWithForm(page: Page, account: { email: string; password: string }) {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account);
  await expect(page).toHaveURL("/dashboard");
}

async function openNotes(page: Page) {
  await page.goto("/dashboard/apps/notes-pad");
  await expect(page.getByRole("heading", { level: 1, name: "NotesPad" })).toBeVisible({ timeout: 20_000 });
  return {
    title: page.getByLabel("Title", { exact: true }),
    note: page.getByLabel("Note", { exact: true }),
    status: page.getByRole("status").filter({ hasText: /Saved|Saving|Unsaved|Loading|device/ }),
  };
}

const accountSettings = async (page: Page) =>
  ((await (await page.request.get("/api/preferences/accessibility")).json()) as { value: unknown }).value;

test("a second person on the same browser gets none of the first one's settings or notes; the first gets them back", async ({
  page,
}) => {
  const [ann, ben] = [await createAccount(page.request), await createAccount(page.request)];

  // Ann: high contrast, large text, 20 px; a note.
  await signInWithForm(page, ann);
  await page.goto("/neuro-equality");
  await page.getByRole("button", { name: "Accessibility settings" }).click();
  await page.getByRole("switch", { name: "High contrast" }).click();
  await page.getByRole("switch", { name: "Large text" }).click();
  const fontSize = page.getByRole("slider", { name: "Font size" });
  await fontSize.focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press("ArrowRight");
  await expect(fontSize).toHaveValue("20");
  await expect
    .poll(() => accountSettings(page))
    .toMatchObject({ highContrast: true, largeText: true, fontSize: 20 });
  let notes = await openNotes(page);
  await expect(notes.status).toHaveText("Saved");
  await notes.title.fill("Ann's diary");
  await notes.note.fill("The code of the safe is 4711.");
  await expect(notes.status).toHaveText("Saved");

  await signOutWithButton(page);
  // Signed out, nothing of Ann's note is on the device where a screen would read it.
  const plain = await page.evaluate(() => [
    localStorage.getItem("notepad-title"),
    localStorage.getItem("notepad-content"),
  ]);
  expect(plain).toEqual([null, null]);
  // The sign-in page shows the defaults, not Ann's settings.
  await expect(html(page)).not.toHaveClass(/\bhigh-contrast\b/);
  await expect(html(page)).not.toHaveClass(/\blarge-text\b/);

  // Ben, on the same browser: his own (default) settings, and they stay his.
  await signInWithForm(page, ben);
  await expect(html(page)).not.toHaveClass(/\bhigh-contrast\b/);
  await expect(html(page)).not.toHaveClass(/\blarge-text\b/);
  notes = await openNotes(page);
  await expect(notes.status).toHaveText("Saved");
  await expect(notes.title).toHaveValue("Untitled Note");
  await expect(notes.note).toHaveValue("");
  const bensDocuments = JSON.stringify(await (await page.request.get("/api/documents?kind=notes")).json());
  expect(bensDocuments).not.toContain("Ann's diary");
  const bensSettings = (await accountSettings(page)) as { highContrast?: unknown; fontSize?: unknown } | null;
  expect(bensSettings?.highContrast ?? null).not.toBe(true);
  expect(bensSettings?.fontSize ?? 16).toBe(16);
  await page.reload();
  await expect(notes.note).toHaveValue("");
  await expect(html(page)).not.toHaveClass(/\bhigh-contrast\b/);

  // Ann again: her settings and her note.
  await signOutWithButton(page);
  await signInWithForm(page, ann);
  await expect(html(page)).toHaveClass(/\bhigh-contrast\b/);
  await expect(html(page)).toHaveClass(/\blarge-text\b/);
  notes = await openNotes(page);
  await expect(notes.title).toHaveValue("Ann's diary");
  await expect(notes.note).toHaveValue("The code of the safe is 4711.");
});

/** Every key of this origin's localStorage and sessionStorage, with its value. */
const deviceStorage = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((store) =>
      Array.from({ length: store.length }, (_, i) => store.key(i) ?? "").map((key) => ({
        key,
        value: store.getItem(key) ?? "",
      })),
    ),
  );

/** The screens that keep a local copy of a person's work or layout. */
const SCREENS = [
  "/dashboard/apps/notes-pad",
  "/dashboard/apps/smart-doc",
  "/dashboard/apps/logic-sheet",
  "/dashboard/apps/mind-planner",
  "/dashboard/apps/prompt-canvas",
  "/neuro-equality/organizer",
  "/neuro-equality/calendar",
  "/neuro-equality/communication",
  "/neuro-equality/learning-center",
  "/ide",
  "/dashboard",
  "/desktop",
];

test("every screen's local copies leave the device with the person who signs out; the next one finds none of them", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [ann, ben] = [await createAccount(page.request), await createAccount(page.request)];
  const secret = "Ann-only-Q7Z";
  await signInWithForm(page, ann);
  // Ann's work, in the lists the screens keep copies of.
  for (const [kind, content] of [
    ["notes", `${secret} note`],
    [
      "mind-planner",
      [{ id: "t1", title: `${secret} task`, description: "", status: "todo", priority: "high" }],
    ],
    ["neuro-organizer", [{ id: "o1", text: `${secret} chore`, list: "todo" }]],
  ] as const) {
    const made = await page.request.post("/api/documents", {
      data: { kind, title: `${secret} ${kind}`, content },
    });
    expect(made.ok(), await made.text()).toBe(true);
  }
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.locator("main, [role=main], #main").first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
  }
  // The screens made their copies (so the check below is not of an empty device).
  const before = await deviceStorage(page);
  expect(before.filter((entry) => entry.value.includes(secret)).length).toBeGreaterThan(0);

  await signOutWithButton(page);
  const left = await deviceStorage(page);
  expect(left.filter((entry) => entry.value.includes(secret))).toEqual([]);
  // What stays is the device's own (whose copies it held, the legacy theme) and the stash of
  // unsynced edits under Ann's id; nothing a screen reads.
  expect(
    left
      .map((entry) => entry.key)
      .filter(
        (key) => !["neuroos-owner", "neuroos-theme"].includes(key) && !key.startsWith("neuroos-stash:"),
      ),
  ).toEqual([]);

  await signInWithForm(page, ben);
  for (const screen of SCREENS) {
    await page.goto(screen);
    await expect(page.locator("main, [role=main], #main").first()).toBeVisible({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    await expect(page.locator("body")).not.toContainText(secret);
  }
  expect((await deviceStorage(page)).filter((entry) => entry.value.includes(secret))).toEqual([]);
});
