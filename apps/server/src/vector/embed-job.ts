import { defineJob } from "../jobs/job";
import { localEmbedder } from "./glove";

/** The local model's vectors of a batch of texts, computed in a job pool's worker (its table loaded once there). */
export const localEmbedJob = defineJob<string[], Float32Array[]>("embed-local", (texts) => {
  const glove = localEmbedder();
  return texts.map((text) => glove.embed(text));
});
