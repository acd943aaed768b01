/** One part of a resource as a server sends it (resources/read, or embedded in a prompt). */
export interface ResourcePart {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

/** A part read for people and models: its text, or a binary part's size. */
export type ReadPart = { kind: "text"; text: string; bytes: number } | { kind: "binary"; bytes: number };

const TEXT_TYPES =
  /^(text\/|application\/(json|xml|javascript|ecmascript|x-yaml|yaml|toml|x-sh|sql|graphql|csv)\b)|[+](json|xml|yaml)\b/i;

/** A media type whose bytes are text (text/*, JSON, XML, YAML and the like). */
export const isTextType = (mimeType: string | undefined | null): boolean =>
  mimeType ? TEXT_TYPES.test(mimeType) : false;

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A resource part as text where it is text: its text as is, or a blob of a text type that is
 * valid UTF-8 (decoded); anything else is binary, counted by its decoded size.
 */
export function readPart(part: ResourcePart): ReadPart {
  if (typeof part.text === "string")
    return { kind: "text", text: part.text, bytes: Buffer.byteLength(part.text, "utf8") };
  const bytes = Buffer.from(part.blob ?? "", "base64");
  if (isTextType(part.mimeType)) {
    try {
      return { kind: "text", text: strictUtf8.decode(bytes), bytes: bytes.length };
    } catch {
      // Not UTF-8 after all: binary.
    }
  }
  return { kind: "binary", bytes: bytes.length };
}

/** Words for a binary part the reader cannot see. */
export const describeBinary = (uri: string, mimeType: string | null | undefined, bytes: number) =>
  `[binary content of ${uri} (${mimeType ?? "unknown type"}, ${bytes.toLocaleString("en-US")} bytes): not readable as text]`;
