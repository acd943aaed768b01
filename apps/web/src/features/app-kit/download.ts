export { fileNameOf } from "@neuroos/contracts";

/** Hands a file to the browser as a download. */
export function downloadFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Text as a download (Markdown, CSV, JSON). */
export const downloadText = (name: string, text: string, type: string) =>
  downloadFile(name, new Blob([text], { type: `${type};charset=utf-8` }));
