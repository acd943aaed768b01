import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";

/** The item's picture, or 'No Image' when it has none or it fails to load (spec). */
export function ItemImage({ src, className }: { src: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn("aspect-[16/9] w-full overflow-hidden bg-muted", className);
  if (!src || failed === src)
    return (
      <div className={cn(frame, "flex items-center justify-center gap-2 text-sm text-muted-foreground")}>
        <ImageOff className="size-4" aria-hidden="true" />
        No Image
      </div>
    );
  return (
    <div className={frame}>
      <img
        src={src}
        alt=""
        loading="lazy"
        onError={() => setFailed(src)}
        className="size-full object-cover"
      />
    </div>
  );
}
