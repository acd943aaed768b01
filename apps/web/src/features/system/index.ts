/** The system feature's public module: the server's health, measured. */
export { type SystemState, systemState, useHealth } from "./use-health";
