/** The theme feature's public module. */
export { ThemeToggle } from "./theme-toggle";
