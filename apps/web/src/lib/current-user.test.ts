import { describe, expect, it } from "vitest";
import { userOf } from "./current-user";

const user = {
  id: "u1",
  email: "a@b.co",
  username: "ada",
  role: "user",
  plan: "free",
  executiveAccess: false,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("userOf", () => {
  it("reads a well-formed answer and drops unknown fields", () => {
    expect(userOf({ user: { ...user, extra: 1 } })).toEqual(user);
  });

  it("refuses answers that are not a user", () => {
    expect(userOf(null)).toBeNull();
    expect(userOf({ user: { ...user, role: "root" } })).toBeNull();
    expect(userOf({ user: { ...user, executiveAccess: "yes" } })).toBeNull();
    expect(userOf({ user: [] })).toBeNull();
  });
});
