import { useQuery } from "@tanstack/react-query";
import { HttpError } from "../api";
import { downloadUrl, filesKeys } from "./files";

/** A file's size, and its bytes unless it is larger than the limit asked for. */
export interface FileBytes {
  size: number;
  bytes: Uint8Array | null;
}

function sameBytes(a: FileBytes | undefined, b: FileBytes): boolean {
  if (!a || a.size !== b.size || !a.bytes || !b.bytes || a.bytes.length !== b.bytes.length) return false;
  for (let i = 0; i < a.bytes.length; i++) if (a.bytes[i] !== b.bytes[i]) return false;
  return true;
}

/**
 * One file's bytes, whatever its size or kind (GET /api/files/download, streamed), for previews
 * that need them whole (a PDF). A file over `maxBytes` is not read: only its size is answered.
 * Its own module: only the file viewer ships it, not every screen that lists files.
 */
export function useFileBytes(path: string | null, maxBytes: number) {
  return useQuery({
    // Under filesKeys.all: a change to this file reads it again (lib/live/open-live.ts).
    queryKey: [...filesKeys.all, "bytes", path ?? ""],
    queryFn: async ({ signal }): Promise<FileBytes> => {
      // Bytes, not JSON (and maybe not read whole): fetched here, not through call().
      const response = await fetch(downloadUrl(path ?? ""), { credentials: "include", signal });
      if (!response.ok) {
        const text = await response.text().catch(() => "");
        throw new HttpError(response.status, text, response.statusText);
      }
      const declared = Number(response.headers.get("content-length"));
      if (declared > maxBytes) {
        await response.body?.cancel().catch(() => {});
        return { size: declared, bytes: null };
      }
      const bytes = new Uint8Array(await (await response.blob()).arrayBuffer());
      return { size: bytes.length, bytes: bytes.length > maxBytes ? null : bytes };
    },
    // Read again with the same bytes, the answer keeps its array: the preview is not drawn again.
    structuralSharing: (old, next) =>
      sameBytes(old as FileBytes | undefined, next as FileBytes) ? old : next,
    enabled: path !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
