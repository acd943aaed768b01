import { Dialog } from "@/components/ui/dialog";

/**
 * An HTML file shown in a sandboxed frame: no scripts, no same-origin rights (it cannot reach
 * the person's session or the API), nothing it links to is loaded from this site's origin.
 */
export function HtmlPreview({ name, html, onClose }: { name: string; html: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Preview of ${name}`}>
      <iframe
        title={`Preview of ${name}`}
        sandbox=""
        srcDoc={html}
        className="h-[70dvh] w-full rounded-b-lg bg-white"
      />
    </Dialog>
  );
}
