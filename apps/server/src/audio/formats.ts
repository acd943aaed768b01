import { type AudioExtension, audioFormats, RECORDING_MAX_BYTES } from "@neuroos/contracts";
import { AppError } from "../http/errors";
import { looksLike } from "./duration";

/** A recording's media type (parameters such as `;codecs=opus` aside) to the extension it is kept with. */
const extensionOfType: Record<string, AudioExtension> = {
  "audio/webm": "webm",
  "audio/ogg": "ogg",
  "audio/opus": "opus",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/wave": "wav",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
};

export const recordingTooLarge = () =>
  new AppError(
    413,
    "payload_too_large",
    `A recording can be at most ${RECORDING_MAX_BYTES / (1024 * 1024)} MB; record a shorter one`,
  );

/**
 * Checks an uploaded recording: a media type the product keeps, bytes that are that format
 * (by their signature), not empty, not over RECORDING_MAX_BYTES. Returns its extension.
 */
export function checkedRecording(type: string, data: Buffer): AudioExtension {
  const extension = extensionOfType[type.split(";")[0]?.trim().toLowerCase() ?? ""];
  if (!extension)
    throw new AppError(
      415,
      "unsupported_media_type",
      "Send the recording as audio/webm, audio/ogg, audio/wav, audio/mpeg or audio/mp4",
    );
  if (data.length === 0) throw new AppError(400, "validation_failed", "The recording is empty");
  if (data.length > RECORDING_MAX_BYTES) throw recordingTooLarge();
  if (!looksLike(data, extension))
    throw new AppError(415, "unsupported_media_type", `The body is not ${audioFormats[extension]} audio`);
  return extension;
}
