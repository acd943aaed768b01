/** The terminal feature's public module: the terminal view other screens embed (the IDE). */
export { TerminalView } from "./terminal-view";
