import { expect, type Page, test } from "@playwright/test";
import { createAccount, signIn } from "./support/accounts";
import { serverDocument } from "./support/apps";
import { chooseTheme, scrollsSideways, seriousViolations } from "./support/ui";

/** The Learning Center (/neuro-equality/learning-center): lessons, progress and achievements, per account. */
test.describe.configure({ timeout: 90_000 });

const ROUTE = "/neuro-equality/learning-center";
const DAY = 24 * 60 * 60 * 1000;

async function openLearningCenter(page: Page, signInFirst = true) {
  if (signInFirst) await signIn(page, await createAccount(page.request));
  await page.goto(ROUTE);
  await expect(page.getByRole("heading", { level: 1, name: "Learning Center" })).toBeVisible();
  await expect(saved(page)).toBeVisible();
}

const saved = (page: Page) => page.getByRole("status").filter({ hasText: /^Saved$/ });
const progress = (page: Page, name: string) => page.getByRole("progressbar", { name, exact: true });
const achievement = (page: Page, name: string) =>
  page.getByRole("region", { name: "Achievements" }).getByRole("listitem").filter({ hasText: name });
const openLesson = (page: Page, title: string) =>
  page.getByRole("button", { name: new RegExp(`^${title.replace(/[?.]/g, "\\$&")}`) }).click();
const backToModules = (page: Page) => page.getByRole("button", { name: "Back to all modules" }).click();
const lessonState = (page: Page) => page.getByText(/^(Completed on .+|Not completed yet)$/);
/** The page's own long date for a moment (its locale and time zone). */
const dayOf = (page: Page, time: number) =>
  page.evaluate((t) => new Intl.DateTimeFormat(undefined, { dateStyle: "long" }).format(new Date(t)), time);

async function finishWalkthrough(page: Page) {
  while (await page.getByRole("button", { name: "Next step" }).isVisible())
    await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "I have read every step" }).click();
}

async function answerPractice(page: Page, answer: string) {
  await page.getByLabel("Your answer").fill(answer);
  await page.getByRole("button", { name: "Check answer" }).click();
}

test("a quiz: a wrong answer gets feedback and does not complete; all right completes, progress and First Steps follow", async ({
  page,
}) => {
  await openLearningCenter(page);
  await expect(progress(page, "Overall progress")).toHaveAttribute("aria-valuenow", "0");
  await expect(achievement(page, "First Steps")).toContainText("Not earned yet: 0 of 1 lesson");
  await openLesson(page, "Fractions check");
  await expect(page.getByRole("heading", { level: 2, name: "Fractions check" })).toBeFocused();
  await expect(page.getByText("Math: Fractions · Lesson 3 of 4 · Quiz · 5 min")).toBeVisible();

  const question = (text: string) => page.getByRole("group", { name: new RegExp(text) });
  // Checking with questions unanswered says so and scores nothing.
  await page.getByRole("button", { name: "Check answers" }).click();
  await expect(page.getByRole("alert")).toHaveText("Answer every question before checking.");

  await question("2 of 5 equal parts").getByRole("radio", { name: "5/2" }).check();
  // A radio group by keyboard: arrow keys move the choice.
  await question("bigger").getByRole("radio", { name: "1/2" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(question("bigger").getByRole("radio", { name: "1/4" })).toBeChecked();
  await page.keyboard.press("ArrowUp");
  await expect(question("bigger").getByRole("radio", { name: "1/2" })).toBeChecked();
  await question("equal to 1/2").getByRole("radio", { name: "3/6" }).check();
  await page.getByRole("button", { name: "Check answers" }).press("Enter");

  await expect(question("2 of 5 equal parts")).toContainText("Not quite. The right answer is “2/5”.");
  await expect(question("bigger")).toContainText("Correct. Halves are bigger pieces");
  await expect(page.getByRole("status").filter({ hasText: "2 of 3 correct." })).toContainText(
    "Get every question right to complete this lesson",
  );
  await expect(lessonState(page)).toHaveText("Not completed yet");

  await question("2 of 5 equal parts").getByRole("radio", { name: "2/5" }).check();
  await page.getByRole("button", { name: "Check answers" }).click();
  await expect(page.getByText("3 of 3 correct. Quiz passed: lesson completed.")).toBeVisible();
  const today = await dayOf(page, Date.now());
  await expect(lessonState(page)).toHaveText(`Completed on ${today}`);
  await expect(page.getByText("Math: Fractions: 25% complete. Overall progress: 6%.")).toBeVisible();
  await expect(page.getByText("Achievement earned: First Steps!")).toBeVisible();

  await backToModules(page);
  await expect(page.getByRole("button", { name: /^Fractions check/ })).toBeFocused();
  await expect(page.getByRole("button", { name: /^Fractions check/ })).toContainText("Completed");
  await expect(progress(page, "Math: Fractions progress")).toHaveAttribute("aria-valuenow", "25");
  await expect(page.getByText("25% · 1 of 4 lessons completed")).toBeVisible();
  // Overall = the average of (25, 0, 0, 0).
  await expect(progress(page, "Overall progress")).toHaveAttribute("aria-valuenow", "6");
  await expect(achievement(page, "First Steps")).toContainText(`Earned on ${today}`);
  await expect(achievement(page, "Knowledge Seeker")).toContainText("Not earned yet: 1 of 4 modules");

  // A second module: the overall progress is the average of both.
  await openLesson(page, "Find the word");
  await answerPractice(page, "runs");
  await backToModules(page);
  await expect(progress(page, "Reading: Meaning progress")).toHaveAttribute("aria-valuenow", "25");
  await expect(progress(page, "Overall progress")).toHaveAttribute("aria-valuenow", "13");
  await expect(saved(page)).toBeVisible();
  const stored = (await serverDocument(page, "neuro-learning")).content;
  expect(stored.completions.map((c: { lessonId: string }) => c.lessonId)).toEqual([
    "math-fractions-quiz",
    "reading-find-the-verb",
  ]);
  expect(stored.achievements.map((a: { id: string }) => a.id)).toEqual(["first-steps"]);
});

test("practice: nothing typed is an error, a wrong answer gets a hint, the right one completes", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  // The hub's tile opens it.
  await page.goto("/neuro-equality");
  await page.getByRole("link", { name: /^Learning Center/ }).click();
  await expect(page).toHaveURL(ROUTE);
  await openLearningCenter(page, false);
  await openLesson(page, "Predict the output");
  await expect(page.getByText("console.log(total);")).toBeVisible();
  await page.getByRole("button", { name: "Check answer" }).click();
  await expect(page.getByRole("alert")).toHaveText("Type an answer first.");
  await expect(page.getByLabel("Your answer")).toHaveAttribute("aria-invalid", "true");

  await answerPractice(page, "9");
  await expect(page.getByRole("status").filter({ hasText: "Not quite." })).toContainText(
    "“9” is not the answer. Hint: The loop adds i = 1, 2, 3 and 4 to total",
  );
  await expect(lessonState(page)).toHaveText("Not completed yet");
  await answerPractice(page, " 10 ");
  await expect(page.getByRole("status").filter({ hasText: "Correct." })).toContainText(
    "“10” is right. 0 + 1 + 2 + 3 + 4 = 10",
  );
  await expect(lessonState(page)).toHaveText(/^Completed on /);

  await backToModules(page);
  await openLesson(page, "Mix colours");
  await expect(page.getByText("a colour for you to name")).toBeAttached();
  await answerPractice(page, "green");
  await expect(page.getByText("“green” is not the answer.")).toBeVisible();
  await answerPractice(page, "Purple");
  await expect(page.getByText("“Purple” is right. Red and blue make purple")).toBeVisible();
  await backToModules(page);
  await expect(progress(page, "Coding: First Programs progress")).toHaveAttribute("aria-valuenow", "25");
  await expect(progress(page, "Art: Colour progress")).toHaveAttribute("aria-valuenow", "25");
});

test("every lesson of one module: walkthrough, interactive, quiz, practice; Module Master; kept after a reload", async ({
  page,
}) => {
  await openLearningCenter(page);
  await openLesson(page, "What is a fraction?");
  await expect(page.getByText("Watch-and-read: an illustrated walkthrough.")).toBeVisible();
  await expect(page.getByText("Step 1 of 4")).toBeVisible();
  await expect(page.getByRole("img", { name: "A bar cut into 4 equal parts, 0 shaded: 0/4" })).toBeVisible();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByRole("heading", { name: "One quarter" })).toBeVisible();
  await finishWalkthrough(page);
  await expect(page.getByText("Math: Fractions: 25% complete.")).toBeVisible();

  await page.getByRole("button", { name: "Next lesson" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Build a fraction" })).toBeFocused();
  for (const part of [1, 2, 3, 4, 5]) await page.getByRole("button", { name: `Part ${part} of 8` }).click();
  await expect(page.getByRole("button", { name: "Part 5 of 8" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Check my fraction" }).click();
  await expect(page.getByText("You shaded 5/8; the task asks for 3/8. Unshade 2.")).toBeVisible();
  await expect(lessonState(page)).toHaveText("Not completed yet");
  await page.getByRole("button", { name: "Part 5 of 8" }).press("Enter");
  await page.getByRole("button", { name: "Part 4 of 8" }).press("Space");
  await page.getByRole("button", { name: "Check my fraction" }).click();
  await expect(page.getByText("3/8 is shaded.")).toBeVisible();
  await expect(lessonState(page)).toHaveText(/^Completed on /);

  await page.getByRole("button", { name: "Next lesson" }).click();
  const rightAnswers: [string, string][] = [
    ["2 of 5 equal parts", "2/5"],
    ["bigger", "1/2"],
    ["equal to 1/2", "3/6"],
  ];
  for (const [group, answer] of rightAnswers)
    await page
      .getByRole("group", { name: new RegExp(group) })
      .getByRole("radio", { name: answer })
      .check();
  await page.getByRole("button", { name: "Check answers" }).click();
  await expect(page.getByText("Quiz passed")).toBeVisible();

  await page.getByRole("button", { name: "Next lesson" }).click();
  await answerPractice(page, "5 slices");
  await expect(page.getByText("Achievement earned: Module Master!")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next lesson" })).toHaveCount(0);
  await backToModules(page);
  await expect(progress(page, "Math: Fractions progress")).toHaveAttribute("aria-valuenow", "100");
  await expect(progress(page, "Overall progress")).toHaveAttribute("aria-valuenow", "25");
  const today = await dayOf(page, Date.now());
  await expect(achievement(page, "Module Master")).toContainText(`Earned on ${today}`);

  // An ordering task, by keyboard: the moved item keeps the focus.
  await openLesson(page, "Put the story in order");
  const moveUp = (label: string) => page.getByRole("button", { name: `Move “${label}” up` });
  await page.getByRole("button", { name: "Check the order" }).click();
  await expect(page.getByText("0 of 4 are in the right place.")).toBeVisible();
  await moveUp("Mia found a seed in the garden.").press("Enter");
  await expect(moveUp("Mia found a seed in the garden.")).toBeFocused();
  await expect(page.getByText("“Mia found a seed in the garden.” moved to place 1 of 4.")).toBeAttached();
  await moveUp("She planted it in a small pot.").click();
  await moveUp("She planted it in a small pot.").click();
  await page.getByRole("button", { name: "Check the order" }).click();
  await expect(page.getByText("Everything is in order.")).toBeVisible();
  await backToModules(page);
  await expect(saved(page)).toBeVisible();

  await page.reload();
  await expect(progress(page, "Math: Fractions progress")).toHaveAttribute("aria-valuenow", "100");
  await expect(progress(page, "Reading: Meaning progress")).toHaveAttribute("aria-valuenow", "25");
  await expect(progress(page, "Overall progress")).toHaveAttribute("aria-valuenow", "31");
  await expect(achievement(page, "Module Master")).toContainText(`Earned on ${today}`);
  await expect(achievement(page, "First Steps")).toContainText(`Earned on ${today}`);
  // From the account, not only this device.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(progress(page, "Overall progress")).toHaveAttribute("aria-valuenow", "31");
});

test("Week Warrior: a lesson on each of 7 days (the page's clock moved day by day) earns it on the 7th", async ({
  page,
}) => {
  const start = new Date(2026, 0, 5, 9, 30).getTime();
  await signIn(page, await createAccount(page.request));
  await page.clock.setSystemTime(start);
  await openLearningCenter(page, false);
  for (let day = 0; day < 7; day += 1) {
    await page.clock.setSystemTime(start + day * DAY);
    await openLesson(page, "Slices left");
    await answerPractice(page, "5");
    await expect(page.getByText("“5” is right.")).toBeVisible();
    await backToModules(page);
    const week = achievement(page, "Week Warrior");
    if (day < 6) await expect(week).toContainText(`Not earned yet: ${day + 1} of 7 days`);
    await expect(saved(page)).toBeVisible();
  }
  const seventh = await dayOf(page, start + 6 * DAY);
  await expect(achievement(page, "Week Warrior")).toContainText(`Earned on ${seventh}`);
  await expect(achievement(page, "Week Warrior")).toContainText("Learn on 7 different days");
  await expect(achievement(page, "First Steps")).toContainText(`Earned on ${await dayOf(page, start)}`);
  // One lesson, done again on other days: still one lesson of four in the module.
  await expect(progress(page, "Math: Fractions progress")).toHaveAttribute("aria-valuenow", "25");
  await page.reload();
  await expect(achievement(page, "Week Warrior")).toContainText(`Earned on ${seventh}`);
});

test("a record with entries that do not fit is refused by the server; a stored record is read into progress and achievements", async ({
  page,
}) => {
  await signIn(page, await createAccount(page.request));
  const start = new Date(2026, 1, 2, 12, 0).getTime();
  const completions = [0, 1, 2, 4, 5].map((day) => ({
    lessonId: "art-colour-wheel",
    completedAt: start + day * DAY,
  }));
  const refused = await page.request.post("/api/documents", {
    data: {
      kind: "neuro-learning",
      title: "Learning record",
      content: {
        completions: [...completions, { lessonId: "coding-variables" }, "junk"],
        achievements: [{ id: "not-a-real-one", earnedAt: 1 }],
      },
    },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error.message).toContain("content.completions.5");
  const response = await page.request.post("/api/documents", {
    data: { kind: "neuro-learning", title: "Learning record", content: { completions, achievements: [] } },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await openLearningCenter(page, false);
  await expect(progress(page, "Art: Colour progress")).toHaveAttribute("aria-valuenow", "25");
  await expect(achievement(page, "Week Warrior")).toContainText("Not earned yet: 5 of 7 days");
  await expect(achievement(page, "First Steps")).toContainText(`Earned on ${await dayOf(page, start)}`);
  await expect(achievement(page, "Module Master")).toContainText(
    "Not earned yet: 1 of 4 lessons in Art: Colour",
  );
});

const looks = [
  { name: "the light theme", theme: "light", more: {} },
  { name: "the dark theme", theme: "dark", more: {} },
  { name: "high contrast and large text", theme: "dark", more: { highContrast: true, largeText: true } },
] as const;

for (const look of looks) {
  test(`360 px wide and axe in ${look.name}: modules, a quiz with feedback, ordering, a walkthrough`, async ({
    page,
  }) => {
    await signIn(page, await createAccount(page.request));
    await chooseTheme(page, look.theme, look.more);
    await page.setViewportSize({ width: 360, height: 760 });
    await openLearningCenter(page, false);
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await openLesson(page, "Loops and values");
    await page.getByRole("radio", { name: "2", exact: true }).check();
    await page.getByRole("radio", { name: "8", exact: true }).check();
    await page.getByRole("radio", { name: '"42"' }).check();
    await page.getByRole("button", { name: "Check answers" }).click();
    await expect(page.getByText("2 of 3 correct.")).toBeVisible();
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await backToModules(page);
    await openLesson(page, "Put the program in order");
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    await backToModules(page);
    await openLesson(page, "Light to dark");
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await backToModules(page);
    await openLesson(page, "The colour wheel");
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(page.getByText("Red and yellow make orange.")).toBeVisible();
    await expect.poll(() => scrollsSideways(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
}
