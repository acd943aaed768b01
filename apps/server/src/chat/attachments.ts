import {
  ATTACHMENT_IMAGE_BYTES,
  ATTACHMENT_TEXT_CHARS,
  type ChatAttachment,
  type ChatMessage,
  chatAttachmentSchema,
  type FileContent,
  imageTypeOf,
  type ProviderId,
  readsImages,
} from "@neuroos/contracts";
import { AppError } from "../http/errors";
import type { Owner } from "../workspace/roots";

/** What attachments need of the workspace: reading a file of the person's. */
export interface AttachmentFiles {
  read(owner: Owner, path: string): Promise<FileContent>;
}

/** An image as the model is sent it. */
export interface AttachedImage {
  mediaType: string;
  /** The bytes, base64. */
  data: string;
}

/** The images of a conversation the model is sent (the newest): older ones are named only. */
const IMAGES_PER_TURN = 4;

/** The images models are sent (others are refused in words). */
const MODEL_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

const nameOf = (path: string) => path.split("/").pop() || path;
const modelImageTypeOf = (path: string) => {
  const type = imageTypeOf(path);
  return type && MODEL_IMAGE_TYPES.has(type) ? type : undefined;
};

/**
 * Reads the workspace files sent with a message, as the message keeps them: a text file's text
 * (cut at ATTACHMENT_TEXT_CHARS), an image (to a model that reads images: refused in words for
 * one that does not). Anything else, a missing file or another person's path is refused, and
 * the message with it.
 */
export async function readAttachments(
  files: AttachmentFiles,
  owner: Owner,
  paths: readonly string[],
  model: { provider: ProviderId; model: string },
): Promise<ChatAttachment[]> {
  const unique = [...new Set(paths)];
  const read = await Promise.all(unique.map((path) => files.read(owner, path)));
  return read.map((file): ChatAttachment => {
    const name = nameOf(file.path);
    const image = modelImageTypeOf(file.path);
    if (image && file.encoding === "base64") {
      if (!readsImages(model.provider, model.model))
        throw new AppError(
          400,
          "bad_request",
          `${model.model} does not read images, so ${name} cannot be sent to it: choose a model that does (for example gpt-4o or a Claude model), or remove the image`,
        );
      if (file.size > ATTACHMENT_IMAGE_BYTES)
        throw new AppError(
          413,
          "payload_too_large",
          `${name} is larger than the 5 MB an image sent to a model may be`,
        );
      return { path: file.path, name, mimeType: image, size: file.size, text: null };
    }
    if (file.encoding !== "utf8")
      throw new AppError(
        400,
        "bad_request",
        `${name} is neither text nor an image (PNG, JPEG, GIF, WebP): it cannot be sent to the model`,
      );
    const cut = file.content.length > ATTACHMENT_TEXT_CHARS;
    return {
      path: file.path,
      name,
      mimeType: "text/plain",
      size: file.size,
      text: cut ? file.content.slice(0, ATTACHMENT_TEXT_CHARS) : file.content,
      ...(cut ? { cut } : {}),
    };
  });
}

/** A message's attachments as stored (none, or not readable: none). */
export function attachmentsOf(message: Pick<ChatMessage, "metadata">): ChatAttachment[] {
  const parsed = chatAttachmentSchema.array().safeParse(message.metadata.attachments);
  return parsed.success ? parsed.data : [];
}

/**
 * The newest images attached in a conversation, read again from the workspace (by path) for a
 * model that reads images; an image no longer there is left out (the model is told its name).
 */
export async function imagesFor(
  files: AttachmentFiles,
  owner: Owner,
  history: readonly ChatMessage[],
): Promise<Map<string, AttachedImage>> {
  const wanted = history
    .flatMap((m) => (m.role === "user" ? attachmentsOf(m) : []))
    .filter((a) => a.text === null)
    .slice(-IMAGES_PER_TURN);
  const images = new Map<string, AttachedImage>();
  for (const a of wanted) {
    const file = await files.read(owner, a.path).catch(() => null);
    if (file?.encoding === "base64") images.set(a.path, { mediaType: a.mimeType, data: file.content });
  }
  return images;
}
