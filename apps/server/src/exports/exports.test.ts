import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../test/databases";
import { buildTestApp, signedInUser, type TestApp } from "../test/test-app";
import { pdfToText, readDocx, readPdf } from "./testing/read-files";

const markdown = [
  "# Quarterly report",
  "",
  "Sales were **strong** and costs *lower* than planned.",
  "",
  "## Next steps",
  "",
  "- Hire two people",
  "- Open the *Lyon* office",
  "",
  "1. First",
  "2. Second",
  "",
  "| Region | Revenue |",
  "| --- | --- |",
  "| North | 120 |",
  "| South | 95 |",
  "",
  "Café, naïve — and 日本 (once beyond the standard fonts).",
].join("\n");

describeEachDatabase("exports: POST /api/export/pdf and /api/export/docx", (db) => {
  let t: TestApp;
  let who: { cookie: string };
  beforeAll(async () => {
    t = await buildTestApp(db());
    who = await signedInUser(t.app);
  });
  afterAll(() => t.app.close());

  const exportAs = (format: string, payload: unknown, cookie = who.cookie) =>
    t.app.inject({
      method: "POST",
      url: `/api/export/${format}`,
      payload: payload as object,
      headers: { cookie },
    });

  it("a PDF a reader opens: headings, list items, table cells and the text, bold and italic fonts", async () => {
    const res = await exportAs("pdf", { title: "Report: Q3", markdown });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename*=UTF-8''Report-%20Q3.pdf`);
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    for (const text of [
      "Quarterly report",
      "Next steps",
      "Hire two people",
      "Lyon",
      "1. First",
      "Region",
      "North",
      "120",
      "Café, naïve",
    ])
      expect(pdf.text).toContain(text);
    expect(pdf.fonts).toEqual(
      expect.arrayContaining([
        "NotoSans-Regular",
        "NotoSans-Bold",
        "NotoSans-Italic",
        "NotoSansCJKjp-Regular",
      ]),
    );
  });

  it("a PDF in every script: Greek, Cyrillic, Arabic and Hebrew, Chinese, Japanese and Korean, emoji read back", async () => {
    const lines = {
      latin: "Zoë's naïve café",
      greek: "Καλημέρα κόσμε",
      cyrillic: "Привет, мир",
      arabic: "مرحبا بالعالم",
      hebrew: "שלום עולם",
      japanese: "こんにちは世界",
      chinese: "你好，世界",
      korean: "안녕하세요 세계",
      emoji: "Done ✔ 😀",
    };
    const res = await exportAs("pdf", {
      title: "世界 · مرحبا",
      markdown: `# ${lines.greek}\n\n${Object.values(lines).join("\n\n")}\n\n- **${lines.cyrillic}**\n`,
    });
    expect(res.statusCode).toBe(200);
    // Subsets of the fonts: the file stays small.
    expect(res.rawPayload.length).toBeLessThan(400_000);
    const text = await pdfToText(res.rawPayload);
    if (text === null) throw new Error("pdftotext is missing: the test scripts install poppler-utils");
    expect(text).not.toContain("?");
    for (const line of [
      lines.latin,
      lines.greek,
      lines.cyrillic,
      lines.japanese,
      lines.chinese,
      lines.korean,
    ])
      expect(text).toContain(line);
    expect(text).toContain("😀");
    // Right to left: each word, joined and whole (the reader orders the words itself).
    for (const word of [...lines.arabic.split(" "), ...lines.hebrew.split(" ")]) expect(text).toContain(word);
  });

  it("a DOCX a parser reads: headings, bullet and numbered lists, a table, bold and italic", async () => {
    const res = await exportAs("docx", { title: "Report", markdown });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/wordprocessingml/);
    const html = await readDocx(res.rawPayload);
    expect(html).toContain("<h1>Quarterly report</h1>");
    expect(html).toContain("<h2>Next steps</h2>");
    expect(html).toContain("<strong>strong</strong>");
    expect(html).toContain("<em>lower</em>");
    expect(html).toMatch(/<ul><li>Hire two people<\/li><li>Open the <em>Lyon<\/em> office<\/li><\/ul>/);
    expect(html).toMatch(/<ol><li>First<\/li><li>Second<\/li><\/ol>/);
    expect(html).toMatch(/<table>.*Region.*Revenue.*North.*120.*South.*95.*<\/table>/);
    expect(html).toContain("日本");
  });

  it("refuses what it cannot export and the signed-out: clear errors", async () => {
    expect((await exportAs("exe", { markdown })).statusCode).toBe(404);
    expect((await exportAs("pdf", { markdown: 42 })).statusCode).toBe(400);
    expect((await exportAs("pdf", { markdown: "a\u0000b" })).statusCode).toBe(400);
    expect((await exportAs("pdf", { markdown: "x".repeat(300_000) })).statusCode).toBe(400);
    expect((await exportAs("pdf", { markdown, extra: 1 })).statusCode).toBe(400);
    expect((await exportAs("pdf", { markdown }, "neuroos_session=forged")).statusCode).toBe(401);
    expect((await exportAs("toString", { markdown })).statusCode).toBe(404);
  });

  it("an empty document is still a valid file", async () => {
    expect((await readPdf((await exportAs("pdf", { markdown: "" })).rawPayload)).pages).toBe(1);
    expect(await readDocx((await exportAs("docx", { markdown: "" })).rawPayload)).toBe("");
  });

  // One person's long export must not stall everyone: /api/health is asked 100 ms after the
  // export starts and answers within a second of that, while the export ends on its own terms.
  it.each([
    ["a 250 KB word", "a".repeat(250 * 1024)],
    ["a 250 KB word in a table cell", `| Word |\n| --- |\n| ${"b".repeat(250 * 1024)} |`],
  ])("the server answers others while %s is exported to PDF", async (_, long) => {
    const started = performance.now();
    const exporting = exportAs("pdf", { title: "Long", markdown: long });
    const health = await new Promise((resolve) => setTimeout(resolve, 100)).then(() =>
      t.app.inject({ method: "GET", url: "/api/health" }),
    );
    expect(health.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_100);
    const res = await exporting;
    if (res.statusCode === 413)
      expect(res.json().error.message).toBe(
        "This document is too large or complex to export. Split it into smaller documents and try again.",
      );
    else {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect((await readPdf(res.rawPayload)).pages).toBeGreaterThan(1);
    }
  });
});
