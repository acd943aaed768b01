import { sandboxLimitSchema } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { describeOutcome } from "./service";

const result = (limit: string | null) => ({
  stdout: "partial\n",
  stderr: "",
  exitCode: null,
  signal: null,
  durationMs: 10,
  limit: limit as never,
  truncated: false,
});

describe("describeOutcome", () => {
  it("says in words why a run stopped, for every limit", () => {
    expect(describeOutcome(result("cancelled"))).toBe("partial\n\n[Stopped: the run was cancelled]");
    for (const limit of sandboxLimitSchema.options) {
      const text = describeOutcome(result(limit));
      expect(text).toMatch(/\[Stopped: [a-z][A-Za-z ]+\]$/);
      expect(text).not.toContain(`[stopped: ${limit} limit]`);
    }
    expect(describeOutcome(result(null))).toBe("partial\n");
  });
});
