import { describe, expect, it } from "vitest";
import { connectionLabel } from "./live-channel";

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
