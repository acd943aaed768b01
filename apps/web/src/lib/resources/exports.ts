import { throwIfNotOk } from "../api";

/** A document exported by the server as a PDF or a DOCX file (POST /api/export/:format). */
export async function exportDocument(
  format: "pdf" | "docx",
  body: { title: string; markdown: string },
): Promise<Blob> {
  const response = await fetch(`/api/export/${format}`, {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response.blob();
}
