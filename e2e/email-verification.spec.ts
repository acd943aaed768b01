import { expect, test } from "@playwright/test";
import { signedInAccount } from "./support/accounts";

/** The e2e server has no SMTP_URL: no verification mail is sent, and Settings says so. */
test("Settings says the address is not verified when the server sends no mail", async ({ page }) => {
  const account = await signedInAccount(page);
  await page.goto("/dashboard/settings");
  const section = page.getByRole("region", { name: "Email address" });
  await expect(section).toContainText(account.email);
  await expect(section).toContainText("Not verified.");
  await expect(section).toContainText("This server does not send mail, so no verification link was sent.");
  await expect(section.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
});
