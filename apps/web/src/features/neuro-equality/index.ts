/** The NeuroEquality suite's public module: what other features use of it. */
export { NeuroToolFrame } from "./tool-frame";
