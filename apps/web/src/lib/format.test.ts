import { describe, expect, it } from "vitest";
import { formatBytes, formatDuration, formatUptime } from "./format";

describe("format", () => {
  it("formats bytes in 1024-based units", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(3.2 * 1024 ** 3)).toBe("3.2 GB");
    expect(formatBytes(200 * 1024 ** 2)).toBe("200 MB");
    expect(formatBytes(-1)).toBe("—");
  });

  it("formats uptime as its two largest units", () => {
    expect(formatUptime(8100)).toBe("2h 15m");
    expect(formatUptime(45)).toBe("45s");
  });

  it("formats a length of audio as m:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(1980)).toBe("0:01");
    expect(formatDuration(65_000)).toBe("1:05");
    expect(formatDuration(75 * 60_000)).toBe("75:00");
    expect(formatDuration(-5)).toBe("0:00");
  });
});
