import type { CalendarCategory } from "@neuroos/contracts";
import { Bell, CalendarClock, CircleCheck, type LucideIcon, Users } from "lucide-react";

/**
 * How each category looks: the spec's colour (appointment red, task blue, reminder yellow, social green)
 * (exact sRGB values) as a stripe and a tint behind ordinary text (so contrast holds in both themes), and an icon and its
 * name, so the category never rests on colour alone.
 */
export const categoryLook: Record<
  CalendarCategory,
  { name: string; colorName: string; icon: LucideIcon; chip: string; swatch: string }
> = {
  appointment: {
    name: "Appointment",
    colorName: "red",
    icon: CalendarClock,
    chip: "border-l-[#dc2626] bg-[#dc2626]/15",
    swatch: "bg-[#dc2626]",
  },
  task: {
    name: "Task",
    colorName: "blue",
    icon: CircleCheck,
    chip: "border-l-[#2563eb] bg-[#2563eb]/15",
    swatch: "bg-[#2563eb]",
  },
  reminder: {
    name: "Reminder",
    colorName: "yellow",
    icon: Bell,
    chip: "border-l-[#facc15] bg-[#facc15]/20",
    swatch: "bg-[#facc15]",
  },
  social: {
    name: "Social",
    colorName: "green",
    icon: Users,
    chip: "border-l-[#16a34a] bg-[#16a34a]/15",
    swatch: "bg-[#16a34a]",
  },
};
