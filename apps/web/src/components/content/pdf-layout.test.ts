import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { MAX_CANVAS_PIXELS, pageCanvasSize, pageCountLine, pdfErrorMessage } from "./pdf-layout";

const a4 = { width: 595, height: 842 };

describe("pageCanvasSize", () => {
  it("fits the page to the width and draws it in device pixels", () => {
    const size = pageCanvasSize(800.7, a4, 2);
    expect(size.cssWidth).toBe(800);
    expect(size.cssHeight).toBe(Math.round((800 * 842) / 595));
    expect(size.scale * a4.width).toBeCloseTo(1600);
  });

  it("takes a ratio of 1 when the screen reports none, and keeps at least one pixel", () => {
    expect(pageCanvasSize(300, a4, Number.NaN).scale * a4.width).toBeCloseTo(300);
    expect(pageCanvasSize(0, a4, 1).cssWidth).toBe(1);
  });

  it("caps a huge page's pixels instead of making a canvas the browser cannot hold", () => {
    const tall = { width: 600, height: 60_000 };
    const size = pageCanvasSize(900, tall, 3);
    const pixels = size.scale * tall.width * (size.scale * tall.height);
    expect(pixels).toBeLessThanOrEqual(MAX_CANVAS_PIXELS * 1.0001);
    expect(size.cssHeight).toBe(90_000);
  });
});

describe("pageCountLine", () => {
  it("counts pages in words", () => {
    expect(pageCountLine(1)).toBe("1 page");
    expect(pageCountLine(12)).toBe("12 pages");
  });
});

describe("pdfErrorMessage", () => {
  it("says a damaged file is damaged, with pdf.js's own error for random bytes", async () => {
    const bytes = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 251);
    const error = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect((error as Error).name).toBe("InvalidPDFException");
    expect(pdfErrorMessage("x.pdf", error)).toBe(
      "x.pdf could not be shown: it is damaged, or it is not a PDF. Download it to check it.",
    );
  });

  it("says a password keeps it closed, and has words for anything else", () => {
    const password = Object.assign(new Error("No password given"), { name: "PasswordException" });
    expect(pdfErrorMessage("secret.pdf", password)).toMatch(/^secret\.pdf is protected by a password/);
    expect(pdfErrorMessage("odd.pdf", "boom")).toMatch(/^odd\.pdf could not be shown as a PDF/);
  });
});
