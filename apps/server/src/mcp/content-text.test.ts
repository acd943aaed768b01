import { describe, expect, it } from "vitest";
import { describeBinary, isTextType, readPart } from "./content-text";

const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64");

describe("resource parts as text", () => {
  it("keeps text as it is and counts its UTF-8 bytes", () => {
    expect(readPart({ uri: "a", text: "héllo" })).toEqual({ kind: "text", text: "héllo", bytes: 6 });
  });

  it("decodes blobs of a text type that are UTF-8; the rest is binary, counted decoded", () => {
    expect(readPart({ uri: "a", mimeType: "application/json", blob: b64('{"a":1}') })).toEqual({
      kind: "text",
      text: '{"a":1}',
      bytes: 7,
    });
    expect(readPart({ uri: "a", mimeType: "application/vnd.api+json", blob: b64("{}") }).kind).toBe("text");
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
    expect(readPart({ uri: "a", mimeType: "image/png", blob: b64(png) })).toEqual({
      kind: "binary",
      bytes: 9,
    });
    // Says text, is not UTF-8: binary.
    expect(
      readPart({ uri: "a", mimeType: "text/plain", blob: b64(new Uint8Array([0xff, 0xfe, 0x00])) }),
    ).toEqual({
      kind: "binary",
      bytes: 3,
    });
    expect(readPart({ uri: "a", blob: b64("plain words") }).kind).toBe("binary");
  });

  it("tells text types from others and describes binary content", () => {
    for (const type of ["text/markdown", "application/xml", "application/x-yaml", "image/svg+xml"])
      expect(isTextType(type), type).toBe(true);
    for (const type of ["image/png", "application/octet-stream", "application/pdf", null])
      expect(isTextType(type), String(type)).toBe(false);
    expect(describeBinary("file:///a.png", "image/png", 12345)).toBe(
      "[binary content of file:///a.png (image/png, 12,345 bytes): not readable as text]",
    );
  });
});
