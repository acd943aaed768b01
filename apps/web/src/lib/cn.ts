import { type ClassValue, clsx } from "clsx";

/** Joins class names, dropping falsy ones. */
export function cn(...classes: ClassValue[]): string {
  return clsx(classes);
}
