import { frameScope, type ServerFrame, serverFrameSchema } from "@neuroos/contracts";
import { describe, expect, it } from "vitest";
import { connectionLabel } from "./live-channel";

describe("frameScope", () => {
  it("names the session, the app or the user a frame belongs to", () => {
    const frames: ServerFrame[] = [
      { type: "execution_start", sessionId: "s1", executionId: "e1" },
      { type: "execution_start", app: "sandbox", executionId: "e2" },
      { type: "files_changed", paths: ["/home/user"] },
      { type: "session_deleted", sessionId: "s2" },
    ];
    expect(frames.map(frameScope)).toEqual([
      { kind: "session", id: "s1" },
      { kind: "app", id: "sandbox" },
      { kind: "user" },
      { kind: "session", id: "s2" },
    ]);
  });

  it("a run's frame names its session or its app, exactly one", () => {
    const run = { type: "execution_error", executionId: "e", error: "x" };
    expect(serverFrameSchema.safeParse({ ...run, app: "ide" }).success).toBe(true);
    expect(serverFrameSchema.safeParse(run).success).toBe(false);
    expect(serverFrameSchema.safeParse({ ...run, app: "ide", sessionId: "s" }).success).toBe(false);
  });
});

describe("connectionLabel", () => {
  it("says Ready when connected, Connecting... while trying, Offline once the retries are spent", () => {
    expect(connectionLabel({ state: "connected", error: null, opens: 1, gaveUp: false })).toBe("Ready");
    expect(connectionLabel({ state: "connecting", error: null, opens: 0, gaveUp: false })).toBe(
      "Connecting...",
    );
    expect(connectionLabel({ state: "disconnected", error: null, opens: 0, gaveUp: false })).toBe(
      "Connecting...",
    );
    expect(
      connectionLabel({ state: "disconnected", error: "WebSocket connection error", opens: 1, gaveUp: true }),
    ).toBe("Offline");
  });
});
