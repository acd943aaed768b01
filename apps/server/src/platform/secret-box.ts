import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * AES-256-GCM for secrets at rest (users' API keys). The key is derived from the server's
 * SECRET_KEY with HKDF; each value gets a random 96-bit IV, and the row it belongs to
 * (`context`) is bound as associated data, so a ciphertext copied to another user or
 * provider does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync("sha256", secret, "neuroos", "user-secrets:aes-256-gcm:v1", 32));
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** The plaintext, or null when the value was sealed with another key or for another row. */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64url"));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      return null;
    }
  }
}

/** What the client may see of a key: its first 3 and last 4 characters at most. */
export function maskKey(key: string): string {
  if (key.length >= 16) return `${key.slice(0, 3)}…${key.slice(-4)}`;
  if (key.length >= 8) return `…${key.slice(-2)}`;
  return "…";
}
