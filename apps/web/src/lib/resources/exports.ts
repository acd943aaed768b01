import { exportApi, pathWith } from "@neuroos/contracts";
import { throwIfNotOk } from "../api";

/**
 * A document exported by the server as a PDF or a DOCX file (exportApi.file). Its own fetch, not
 * call(): the answer is the file's bytes, not JSON.
 */
export async function exportDocument(
  format: "pdf" | "docx",
  body: { title: string; markdown: string },
): Promise<Blob> {
  const response = await fetch(pathWith(exportApi.file.path, { format }), {
    method: exportApi.file.method,
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response.blob();
}
