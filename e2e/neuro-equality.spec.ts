import { expect, type Page, test } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

/** /neuro-equality: the hub, and the accessibility settings that hold on every route and device. */
test.describe.configure({ timeout: 90_000 });

const html = (page: Page) => page.locator("html");
const rootFontSize = (page: Page) =>
  page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
const setting = (page: Page, name: string) => page.getByRole("switch", { name });

async function openSettingsView(page: Page) {
  await page.goto("/neuro-equality");
  await page.getByRole("button", { name: "Accessibility settings" }).click();
  await expect(page.getByRole("heading", { name: "Accessibility Settings" })).toBeVisible();
}

test("the hub: header, 'Powered by NeuroOS', the six tools, the Daily Tip and the settings view", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.goto("/neuro-equality");
  await expect(page.getByRole("heading", { level: 1, name: "NeuroEquality OS" })).toBeVisible();
  await expect(page.getByText("Powered by NeuroOS")).toBeVisible();
  const tools = page.getByRole("list", { name: "Tools" }).getByRole("listitem");
  await expect(tools).toHaveCount(6);
  for (const [i, name] of [
    "Visual Organizer",
    "Focus Timer",
    "Communication",
    "Visual Calendar",
    "Sensory Tools",
    "Learning Center",
  ].entries())
    await expect(tools.nth(i)).toContainText(name);
  const tip = page.getByRole("heading", { name: "Daily Tip" }).locator("..");
  await expect(tip).toContainText(/Daily Tip.{20,}/);

  const nav = page.getByRole("navigation", { name: "NeuroEquality" });
  await nav.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html(page)).toHaveClass(/\blight\b/);
  await nav.getByRole("button", { name: "Accessibility settings" }).click();
  await expect(page.getByRole("heading", { name: "Accessibility Settings" })).toBeVisible();
  await expect(setting(page, "Dark mode")).toHaveAttribute("aria-checked", "false");
  await expect(setting(page, "Sound effects")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByRole("slider", { name: "Font size" })).toHaveValue("16");
  await nav.getByRole("button", { name: "Back to the tools" }).click();
  await expect(tools).toHaveCount(6);
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("settings apply to the whole product before the first paint, after a reload and in a fresh browser of the account", async ({
  page,
  browser,
}) => {
  const account = await createAccount(page.request);
  await signIn(page, account);
  await openSettingsView(page);
  await setting(page, "High contrast").click();
  await setting(page, "Large text").click();
  const fontSize = page.getByRole("slider", { name: "Font size" });
  await fontSize.focus();
  for (let i = 0; i < 4; i += 1) await page.keyboard.press("ArrowRight");
  await expect(fontSize).toHaveValue("20");
  await expect(html(page)).toHaveClass(/\bhigh-contrast\b/);
  await expect(html(page)).toHaveClass(/\blarge-text\b/);
  expect(await rootFontSize(page)).toBe(25); // 20 px, a quarter larger

  // Another route, after a reload: applied by the pre-paint script, before any module runs.
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive")
        (window as unknown as { atParse: string }).atParse = document.documentElement.className;
    });
  });
  await page.goto("/desktop");
  await expect(page.getByRole("list", { name: "Desktop apps" })).toBeVisible();
  const atParse = await page.evaluate(() => (window as unknown as { atParse: string }).atParse);
  expect(atParse).toContain("high-contrast");
  expect(atParse).toContain("large-text");
  expect(await rootFontSize(page)).toBe(25);

  // The account keeps them: a fresh browser that signs in gets them on every screen.
  await expect
    .poll(async () => (await (await page.request.get("/api/preferences/accessibility")).json()).value)
    .toMatchObject({ highContrast: true, largeText: true, fontSize: 20 });
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await signIn(other, account);
  await other.goto("/dashboard");
  await expect(html(other)).toHaveClass(/\bhigh-contrast\b/);
  await expect(html(other)).toHaveClass(/\blarge-text\b/);
  expect(await rootFontSize(other)).toBe(25);
  await other.reload();
  await expect(html(other)).toHaveClass(/\bhigh-contrast\b/);
  await fresh.close();
});

test("contrast and motion follow the system until the person chooses", async ({ page }) => {
  await signIn(page, await createAccount(page.request));
  await page.emulateMedia({ reducedMotion: "reduce", contrast: "more" });
  await openSettingsView(page);
  await expect(html(page)).toHaveClass(/\breduce-motion\b/);
  await expect(html(page)).toHaveClass(/\bhigh-contrast\b/);
  await expect(setting(page, "Reduced motion")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Following your system setting")).toHaveCount(2);

  await setting(page, "Reduced motion").click();
  await expect(html(page)).not.toHaveClass(/\breduce-motion\b/);
  await page.reload();
  await expect(html(page)).not.toHaveClass(/\breduce-motion\b/);
  await expect(html(page)).toHaveClass(/\bhigh-contrast\b/);

  await page.getByRole("button", { name: "Accessibility settings" }).click();
  await expect(setting(page, "Reduced motion")).toHaveAttribute("aria-checked", "false");
  await page.getByRole("button", { name: "Follow my system for contrast and motion" }).click();
  await expect(html(page)).toHaveClass(/\breduce-motion\b/);
  await page.emulateMedia({ reducedMotion: "no-preference", contrast: "no-preference" });
  await expect(html(page)).not.toHaveClass(/\breduce-motion\b/);
  await expect(html(page)).not.toHaveClass(/\bhigh-contrast\b/);
});

test("the desktop's status: the network as the browser and the live connection see it; the volume icon is the sound setting", async ({
  page,
  context,
}) => {
  await signIn(page, await createAccount(page.request));
  await page.goto("/desktop");
  const taskbar = page.getByRole("navigation", { name: "Taskbar" });
  await expect(taskbar.getByRole("img", { name: "Network: online, connected to NeuroOS" })).toBeVisible();
  await context.setOffline(true);
  await expect(taskbar.getByRole("img", { name: "Network: offline" })).toBeVisible();
  await context.setOffline(false);
  await expect(taskbar.getByRole("img", { name: "Network: online, connected to NeuroOS" })).toBeVisible({
    timeout: 15_000,
  });

  const sound = page
    .getByRole("navigation", { name: "Taskbar" })
    .getByRole("button", { name: "Sound effects" });
  await expect(sound).toHaveAttribute("aria-pressed", "true");
  await sound.click();
  await expect(sound).toHaveAttribute("aria-pressed", "false");
  await expect
    .poll(async () => (await (await page.request.get("/api/preferences/accessibility")).json()).value)
    .toMatchObject({ soundEffects: false });
  await openSettingsView(page);
  await expect(setting(page, "Sound effects")).toHaveAttribute("aria-checked", "false");
});

for (const theme of ["light", "dark"] as const) {
  test(`high contrast and large text (${theme}): no serious axe violations on the hub, its settings and Settings; 360 px`, async ({
    page,
  }) => {
    await signIn(page, await createAccount(page.request));
    await chooseTheme(page, theme, { highContrast: true, largeText: true });
    await page.goto("/neuro-equality");
    await expect(html(page)).toHaveClass(/\bhigh-contrast\b/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Accessibility settings" }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto("/dashboard/settings");
    await expect(page.getByRole("heading", { name: "Accessibility Settings" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/neuro-equality", "/dashboard/settings", "/desktop"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeAttached();
      await expect.poll(() => scrollsSideways(page), path).toBe(false);
    }
    await page.goto("/neuro-equality");
    await page.screenshot({ path: `/tmp/neuroos-shots/neuro-hub-360-${theme}.png`, fullPage: true });
  });
}

const TOOLS = [
  ["/neuro-equality/organizer", "Visual Organizer"],
  ["/neuro-equality/focus-timer", "Focus Timer"],
  ["/neuro-equality/communication", "Communication"],
  ["/neuro-equality/calendar", "Visual Calendar"],
  ["/neuro-equality/sensory-tools", "Sensory Tools"],
  ["/neuro-equality/learning-center", "Learning Center"],
] as const;

for (const theme of ["light", "dark"] as const) {
  test(`every tool with high contrast and large text (${theme}): no serious axe violations, and 360 px wide`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, await createAccount(page.request));
    await chooseTheme(page, theme, { highContrast: true, largeText: true });
    for (const [path, title] of TOOLS) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(html(page)).toHaveClass(/\bhigh-contrast\b/);
      expect(await seriousViolations(page), path).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect.poll(() => scrollsSideways(page), path).toBe(false);
    }
  });
}

test("each tile of the hub opens its tool, and on the desktop the hub opens tools in windows", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  for (const [path, title] of TOOLS) {
    await page.goto("/neuro-equality");
    await page
      .getByRole("list", { name: "Tools" })
      .getByRole("link", { name: new RegExp(title) })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  }
  await page.goto("/desktop");
  await page
    .getByRole("list", { name: "Desktop apps" })
    .getByRole("button", { name: "NeuroEquality OS" })
    .dblclick();
  const hub = page.getByRole("region", { name: "NeuroEquality OS window" });
  await hub
    .getByRole("list", { name: "Tools" })
    .getByRole("button", { name: /Focus Timer/ })
    .click();
  const timer = page.getByRole("region", { name: "Focus Timer window" });
  await expect(timer.getByRole("heading", { level: 1, name: "Focus Timer" })).toBeVisible();
  await expect(page).toHaveURL(/\/desktop$/);
});
