import { Download } from "lucide-react";
import type { PDFDocumentProxy } from "pdfjs-dist";
// The worker is one of our own assets (same origin, as our CSP asks); only its URL is bundled here.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/lib/api";
import { formatBytes } from "@/lib/format";
import type { useFileBytes } from "@/lib/resources/file-bytes";
import { baseName, downloadUrl } from "@/lib/resources/files";
import { buttonClasses } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { PDF_PREVIEW_MAX_BYTES } from "./file-preview";
import { pageCanvasSize, pageCountLine, pdfErrorMessage } from "./pdf-layout";

type PdfJs = typeof import("pdfjs-dist");

let pdfjsLoad: Promise<PdfJs> | undefined;
/** pdf.js, loaded the first time a PDF is shown: no route's first visit carries it. */
function loadPdfjs(): Promise<PdfJs> {
  pdfjsLoad ??= import("pdfjs-dist").then(
    (pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      return pdfjs;
    },
    (error: unknown) => {
      pdfjsLoad = undefined; // tried again next time
      throw error;
    },
  );
  return pdfjsLoad;
}

const alertClasses = "p-5 text-sm text-danger-text";

/**
 * A PDF read whole for its preview (`useFileBytes`): opening, why it could not be read, too large
 * to preview (a Download instead), or its pages.
 */
export function PdfFile({ path, file }: { path: string; file: ReturnType<typeof useFileBytes> }) {
  const name = baseName(path);
  // pdf.js loads while the file is read, not after.
  useEffect(() => void loadPdfjs().catch(() => {}), []);
  if (file.isPending) return <Spinner label="Opening the file..." />;
  if (file.isError)
    return (
      <p role="alert" className={alertClasses}>
        {errorMessage(file.error, "The file could not be opened.")}
      </p>
    );
  if (file.data.bytes === null)
    return (
      <div className="grid justify-items-start gap-3 p-5 text-sm text-muted-foreground">
        <p>
          {name} is too large to preview here ({formatBytes(file.data.size)}; a preview reads at most{" "}
          {formatBytes(PDF_PREVIEW_MAX_BYTES)}). Download it to open it in a PDF reader.
        </p>
        <a className={buttonClasses("outline", "sm")} href={downloadUrl(path)} download={name}>
          <Download aria-hidden="true" /> Download {name}
        </a>
      </div>
    );
  return <PdfPreview path={path} data={file.data.bytes} />;
}

/**
 * A PDF's pages drawn with pdf.js (no script of the document runs: pdf.js has none, and evaluates
 * no strings), each on a canvas as wide as the preview, drawn as it scrolls near and cleared far
 * from it. A damaged or password-protected file is said in words.
 */
export function PdfPreview({ path, data }: { path: string; data: Uint8Array }) {
  const name = baseName(path);
  const [state, setState] = useState<{ doc: PDFDocumentProxy } | { error: string } | null>(null);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState(null);
    loadPdfjs()
      .then(
        (pdfjs) => {
          if (cancelled) return;
          // A copy: pdf.js takes the array it is given (to its worker), and the query keeps its own.
          const task = pdfjs.getDocument({ data: data.slice(), isEvalSupported: false });
          destroy = () => task.destroy();
          return task.promise.then(
            (doc) => {
              if (!cancelled) setState({ doc });
            },
            (error: unknown) => {
              if (!cancelled) setState({ error: pdfErrorMessage(name, error) });
            },
          );
        },
        () => {
          if (!cancelled)
            setState({ error: "The PDF viewer could not be loaded. Reload the page and try again." });
        },
      )
      .catch(() => {});
    return () => {
      cancelled = true;
      void destroy?.().catch(() => {});
    };
  }, [data, name]);

  if (state === null) return <Spinner label={`Opening ${name}...`} />;
  if ("error" in state)
    return (
      <p role="alert" className={alertClasses}>
        {state.error}
      </p>
    );
  if (state.doc.numPages === 0)
    return (
      <p role="alert" className={alertClasses}>
        {name} has no pages to show.
      </p>
    );
  return <PdfPages doc={state.doc} name={name} />;
}

function PdfPages({ doc, name }: { doc: PDFDocumentProxy; name: string }) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(0);
  /** The first page's height over its width: the size of pages not yet read. */
  const [aspect, setAspect] = useState(Math.SQRT2);
  useEffect(() => {
    if (!scroller) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);
  useEffect(() => {
    let cancelled = false;
    doc.getPage(1).then(
      (page) => {
        const { width: w, height: h } = page.getViewport({ scale: 1 });
        if (!cancelled && w > 0) setAspect(h / w);
      },
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [doc]);
  const pages = Array.from({ length: doc.numPages }, (_, i) => i + 1);
  return (
    <div className="flex min-h-0 flex-col">
      <p className="border-b border-border px-5 py-2 text-sm text-muted-foreground">
        {pageCountLine(doc.numPages)}
      </p>
      <section
        ref={setScroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard
        tabIndex={0}
        aria-label={`Preview of ${name}`}
        className="max-h-[65dvh] min-h-0 overflow-auto bg-muted/40 p-4 [scrollbar-gutter:stable] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <ol className="grid justify-items-center gap-4">
          {width > 0 && scroller
            ? pages.map((number) => (
                <PdfPage
                  key={number}
                  doc={doc}
                  number={number}
                  label={`Page ${number} of ${name}`}
                  width={width}
                  aspect={aspect}
                  root={scroller}
                />
              ))
            : null}
        </ol>
      </section>
    </div>
  );
}

/** One page: its box sized ahead, its canvas drawn while it is within a screen of the view. */
function PdfPage(props: {
  doc: PDFDocumentProxy;
  number: number;
  label: string;
  width: number;
  aspect: number;
  root: HTMLElement;
}) {
  const { doc, number, width, root } = props;
  const boxRef = useRef<HTMLLIElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [aspect, setAspect] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      root,
      rootMargin: "100% 0px",
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [root]);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas) return;
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    doc
      .getPage(number)
      .then(async (page) => {
        if (cancelled) return;
        const size = pageCanvasSize(width, page.getViewport({ scale: 1 }), window.devicePixelRatio);
        setAspect(size.cssHeight / size.cssWidth);
        const viewport = page.getViewport({ scale: size.scale });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const task = page.render({ canvas, viewport });
        cancelRender = () => task.cancel();
        await task.promise;
        if (!cancelled) canvas.dataset.rendered = "true";
      })
      .catch((error: unknown) => {
        const name = typeof error === "object" && error !== null && "name" in error ? error.name : "";
        if (!cancelled && name !== "RenderingCancelledException") setFailed(true);
      });
    return () => {
      cancelled = true;
      cancelRender?.();
      // Far from the view, the page's pixels are let go; its box keeps its place.
      delete canvas.dataset.rendered;
      canvas.width = 0;
      canvas.height = 0;
    };
  }, [doc, number, width, near]);
  const ratio = aspect ?? props.aspect;
  return (
    <li ref={boxRef} className="relative bg-white shadow-sm ring-1 ring-border" style={{ width }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={props.label}
        className="block w-full"
        style={{ height: Math.round(width * ratio) }}
      />
      {failed ? (
        <p role="alert" className={`absolute inset-x-0 top-0 bg-card ${alertClasses}`}>
          Page {number} could not be drawn: this part of the file may be damaged.
        </p>
      ) : null}
    </li>
  );
}
