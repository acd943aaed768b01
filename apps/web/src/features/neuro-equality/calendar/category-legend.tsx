import { calendarCategories } from "@neuroos/contracts";
import { cn } from "@/lib/cn";
import { categoryLook } from "./category-look";

/** What each colour and symbol means. */
export function CategoryLegend() {
  return (
    <ul aria-label="Event categories" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {calendarCategories.map((category) => {
        const look = categoryLook[category];
        const Icon = look.icon;
        return (
          <li key={category} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("size-3 rounded-sm", look.swatch)} />
            <Icon aria-hidden="true" className="size-4" />
            {look.name} ({look.colorName})
          </li>
        );
      })}
    </ul>
  );
}
