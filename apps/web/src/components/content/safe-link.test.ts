import { describe, expect, it } from "vitest";
import { safeHref } from "./safe-link";

describe("safeHref", () => {
  it("keeps http(s) and mailto links", () => {
    expect(safeHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHref("http://example.com")).toBe("http://example.com/");
    expect(safeHref("mailto:someone@example.com")).toBe("mailto:someone@example.com");
  });

  it("drops scripts, data, relative and credential-bearing links", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "/relative/path",
      "#anchor",
      "https://user:pass@example.com",
      "",
      undefined,
    ]) {
      expect(safeHref(url), String(url)).toBeNull();
    }
  });
});
