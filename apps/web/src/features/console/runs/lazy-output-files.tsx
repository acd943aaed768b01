import { lazy, Suspense } from "react";

/** The files list and its previews load the first time a run has written something. */
const Files = lazy(() => import("./output-files").then((m) => ({ default: m.OutputFiles })));

/** The workspace files a run or a tool wrote (nothing when none). */
export function OutputFiles({ files }: { files: readonly { path: string; size: number }[] }) {
  if (files.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Files files={files} />
    </Suspense>
  );
}
