import { createHash, randomBytes } from "node:crypto";

/** A fresh secret token for a cookie or a mailed link, and the hash stored in its place. */
export function newToken(): { token: string; id: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, id: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
