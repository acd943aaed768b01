import { expect, type Locator, type Page, test } from "@playwright/test";
import PDFDocument from "pdfkit";
import { sharedSignedInPage } from "./support/shared-page";
import { seriousViolations } from "./support/ui";

let page: Page;

sharedSignedInPage((shared) => {
  page = shared;
});

/** A Letter-sized PDF made by pdfkit: each page a heading and a filled block; `pad` bytes of comment inflate page 1. */
function makePdf(options: { pages: string[]; userPassword?: string; pad?: number }): Promise<Buffer> {
  const doc = new PDFDocument({
    compress: false,
    ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: "1.7" as const } : {}),
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  options.pages.forEach((title, i) => {
    if (i > 0) doc.addPage();
    doc.fontSize(28).text(title, 72, 72);
    doc.rect(72, 160, 300, 200).fill("#1d4ed8");
    // A content stream may carry comments: a large file that is still a valid PDF.
    if (i === 0 && options.pad) doc.addContent(`% ${"x".repeat(options.pad)}`);
  });
  doc.end();
  return done;
}

const put = async (path: string, bytes: Buffer) => {
  const answer = await page.request.put("/api/files/content", {
    data: { path, content: bytes.toString("base64"), encoding: "base64", overwrite: true },
  });
  expect(answer.ok()).toBe(true);
};

const remove = (...names: string[]) =>
  Promise.all(
    names.map((name) => page.request.delete(`/api/files?path=${encodeURIComponent(`/home/user/${name}`)}`)),
  );

/** Opens a file listed in /home/user from the Files page (on it already, or going to it). */
async function view(name: string) {
  if (!page.url().endsWith("/dashboard/files")) await page.goto("/dashboard/files");
  await page.getByRole("button", { name: new RegExp(`^View ${name.replace(".", "\\.")}`) }).click();
  return page.getByRole("dialog", { name });
}

/** Pixels of a canvas that are not near-white (the page's paper). */
const inkedPixels = (canvas: Locator) =>
  canvas.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext("2d");
    if (!context || element.width === 0) return 0;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let inked = 0;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i] ?? 255) < 200 || (data[i + 1] ?? 255) < 200 || (data[i + 2] ?? 255) < 200) inked++;
    return inked;
  });

test("a PDF opens as its pages: canvases named per page, drawn as they scroll into view, from our own origin", async () => {
  await put("/home/user/two-pages.pdf", await makePdf({ pages: ["First page", "Second page"] }));
  const blocked: string[] = [];
  const elsewhere: string[] = [];
  const workers: string[] = [];
  const origin = new URL(page.url() === "about:blank" ? (process.env.E2E_BASE_URL ?? "") : page.url()).origin;
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  page.on("request", (request) => {
    if (!request.url().startsWith(origin) && /^https?:/.test(request.url())) elsewhere.push(request.url());
    if (request.url().includes("pdf.worker")) workers.push(request.url());
  });

  const viewer = await view("two-pages.pdf");
  await expect(viewer).toContainText("/home/user/two-pages.pdf");
  await expect(viewer).toContainText("read-only");
  const preview = viewer.getByRole("region", { name: "Preview of two-pages.pdf" });
  await expect(viewer.getByText("2 pages", { exact: true })).toBeVisible();
  const first = preview.getByRole("img", { name: "Page 1 of two-pages.pdf" });
  const second = preview.getByRole("img", { name: "Page 2 of two-pages.pdf" });
  await expect(first).toBeVisible();
  await expect(second).toHaveCount(1);
  await expect(first).toHaveAttribute("data-rendered", "true");
  expect(await inkedPixels(first)).toBeGreaterThan(1000);
  // Drawn at the preview's width in device pixels.
  const fit = await first.evaluate((canvas: HTMLCanvasElement) => ({
    pixels: canvas.width,
    wanted: canvas.getBoundingClientRect().width * window.devicePixelRatio,
  }));
  expect(Math.abs(fit.pixels - fit.wanted)).toBeLessThanOrEqual(2);
  // The second page waits below the view, undrawn, until it is scrolled to (here by keyboard).
  await expect(second).not.toHaveAttribute("data-rendered", "true");
  await preview.focus();
  await page.keyboard.press("End");
  await expect(second).toHaveAttribute("data-rendered", "true");
  expect(await inkedPixels(second)).toBeGreaterThan(1000);
  // Read-only, never base64 text.
  await expect(viewer.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(viewer.getByRole("region", { name: /^Contents of/ })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  expect(workers.length).toBeGreaterThan(0);
  expect(workers.every((url) => url.startsWith(`${origin}/assets/`))).toBe(true);
  expect(elsewhere).toEqual([]);
  expect(blocked).toEqual([]);
  await page.keyboard.press("Escape");
  await remove("two-pages.pdf");
});

test("a damaged PDF and a password-protected one say so in words, not a blank box", async () => {
  const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 101) % 256));
  await put("/home/user/x.pdf", noise);
  await put("/home/user/locked.pdf", await makePdf({ pages: ["Secret"], userPassword: "hunter2" }));

  let viewer = await view("x.pdf");
  await expect(viewer.getByRole("alert")).toHaveText(
    "x.pdf could not be shown: it is damaged, or it is not a PDF. Download it to check it.",
  );
  await expect(viewer.getByRole("img")).toHaveCount(0);
  await page.keyboard.press("Escape");

  viewer = await view("locked.pdf");
  await expect(viewer.getByRole("alert")).toContainText("locked.pdf is protected by a password");
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await remove("x.pdf", "locked.pdf");
});

test("a PDF over the 5 MB text limit is previewed from its download; one over 50 MB offers Download", async () => {
  const big = await makePdf({ pages: ["Large"], pad: 6 * 1024 * 1024 });
  const uploaded = await page.request.post(`/api/files/upload?dir=${encodeURIComponent("/home/user")}`, {
    multipart: { file: { name: "large.pdf", mimeType: "application/pdf", buffer: big } },
  });
  expect(uploaded.ok()).toBe(true);
  expect((await page.request.get("/api/files/content?path=/home/user/large.pdf")).status()).toBe(413);

  let viewer = await view("large.pdf");
  const first = viewer.getByRole("img", { name: "Page 1 of large.pdf" });
  await expect(first).toHaveAttribute("data-rendered", "true");
  expect(await inkedPixels(first)).toBeGreaterThan(1000);
  await page.keyboard.press("Escape");

  // A file past the preview's limit (the free plan stores none this large): only its size is read.
  await page.route("**/api/files/download?**", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "application/octet-stream", "content-length": String(51 * 1024 * 1024) },
      body: "%PDF-",
    }),
  );
  viewer = await view("large.pdf");
  await expect(viewer).toContainText("large.pdf is too large to preview here");
  await expect(viewer.getByRole("link", { name: "Download large.pdf" })).toHaveAttribute(
    "href",
    "/api/files/download?path=%2Fhome%2Fuser%2Flarge.pdf",
  );
  await page.unroute("**/api/files/download?**");
  await page.keyboard.press("Escape");
  await remove("large.pdf");
});
