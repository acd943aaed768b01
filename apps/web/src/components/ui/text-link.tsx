import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "@/lib/cn";

export const textLinkClasses =
  "font-medium text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring rounded-sm";

/** An in-app link styled as text. */
export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return <Link className={cn(textLinkClasses, className)} {...props} />;
}
