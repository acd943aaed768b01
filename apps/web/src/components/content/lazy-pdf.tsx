import { type ComponentProps, lazy, Suspense } from "react";
import { Spinner } from "../ui/spinner";
import type { PdfFile as Eager } from "./pdf-preview";

const PdfFile = lazy(() => import("./pdf-preview").then((m) => ({ default: m.PdfFile })));

/**
 * PdfFile loaded when a PDF is first opened: the viewers that may never show one (the Files page,
 * the console) carry neither it nor pdf.js, which it loads in turn.
 */
export function LazyPdfFile(props: ComponentProps<typeof Eager>) {
  return (
    <Suspense fallback={<Spinner label="Opening the file..." />}>
      <PdfFile {...props} />
    </Suspense>
  );
}
