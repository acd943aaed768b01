import { expect } from "@playwright/test";
import { ConsolePage } from "./pages/console-page";
import { seriousViolations, toasts } from "./support/ui";
import { test } from "./support/with-provider";

/** Files sent with a message: uploaded or picked from the workspace; text goes to the model, images to models that see. */

test.describe.configure({ timeout: 90_000 });
test.beforeEach(({ provider }) => provider.reset());

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("upload a text file and send it: the model reads it, the message shows it after a reload; an image is refused in words for a model without vision", async ({
  page,
  provider,
}) => {
  const ui = await ConsolePage.openAsNewUser(page);
  await page.getByRole("button", { name: "Attach files" }).click();
  const dialog = page.getByRole("dialog", { name: "Attach files" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel("Files to upload").setInputFiles({
    name: "recipe.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Flour 200 g, sugar 50 g, secret-ingredient: cardamom"),
  });
  await expect(dialog).toBeHidden();
  const waiting = page.getByRole("list", { name: "Files to send" });
  await expect(waiting.getByText("recipe.txt")).toBeVisible();

  provider.script({ kind: "text", chunks: ["It uses cardamom."] });
  await ui.message.fill("What is the secret ingredient?");
  await ui.message.press("Enter");
  await expect(ui.messages.getByText("It uses cardamom.")).toBeVisible({ timeout: 15_000 });
  expect(JSON.stringify(provider.calls.at(-1)?.body)).toContain("secret-ingredient: cardamom");
  await expect(waiting).toHaveCount(0);
  await page.reload();
  const sent = ui.messages.getByRole("list", { name: "Attached files" });
  await expect(sent.getByRole("link", { name: /recipe\.txt/ })).toBeVisible();

  // An image, picked from the workspace, for the default model (gpt-4 reads no images).
  const upload = await page.request.post("/api/files/upload?dir=%2Fhome%2Fuser", {
    multipart: { file: { name: "dot.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(upload.status()).toBe(201);
  await page.getByRole("button", { name: "Attach files" }).click();
  await dialog.getByLabel("Or find a file in your workspace").fill("dot");
  await dialog.getByRole("button", { name: /dot\.png/ }).click();
  await ui.message.fill("What is in this picture?");
  await ui.message.press("Enter");
  await expect(
    toasts(page).getByText(/gpt-4 does not read images, so dot.png cannot be sent to it/),
  ).toBeVisible();
  // The message comes back to the box with its file, to send to another model.
  await expect(ui.message).toHaveValue("What is in this picture?");
  await expect(page.getByRole("list", { name: "Files to send" }).getByText("dot.png")).toBeVisible();
  // Keyboard: the chip's remove button is named and works.
  await page.getByRole("button", { name: "Remove dot.png" }).press("Enter");
  await expect(page.getByRole("list", { name: "Files to send" })).toHaveCount(0);
});
