import { type DragEvent, useState } from "react";
import { toast } from "@/lib/toast";
import { moveRefusal } from "./bulk";

/** The drag's payload: the workspace paths being moved (only this page can read it). */
const PATHS_TYPE = "application/x-neuroos-paths";

/** What a row being dragged carries: itself, or the whole selection when it is part of it. */
export function dragSource(paths: () => string[]) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(PATHS_TYPE, JSON.stringify(paths()));
      event.dataTransfer.effectAllowed = "move";
    },
  };
}

function draggedPaths(event: DragEvent): string[] {
  try {
    const parsed: unknown = JSON.parse(event.dataTransfer.getData(PATHS_TYPE) || "[]");
    return Array.isArray(parsed) ? parsed.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/**
 * A folder (a row or a crumb of the path) that takes entries dropped on it: it shows where they
 * will go while they hover, and says in words why a drop cannot be made (a folder into itself).
 */
export function useDropTarget(target: string, move: (paths: string[], target: string) => void) {
  const [over, setOver] = useState(false);
  const carries = (event: DragEvent) => event.dataTransfer.types.includes(PATHS_TYPE);
  return {
    over,
    props: {
      onDragOver: (event: DragEvent) => {
        if (!carries(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "move";
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        if (!carries(event)) return;
        event.preventDefault();
        const paths = draggedPaths(event);
        // Let go where it was picked up (a folder on itself): nothing to do, nothing to say.
        if (paths.length === 0 || paths.includes(target)) return;
        const refusal = moveRefusal(paths, target);
        if (refusal) toast({ title: "Not moved", description: refusal });
        else move(paths, target);
      },
    },
  };
}
