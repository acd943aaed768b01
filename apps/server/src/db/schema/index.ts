/** Every table of the database, one file per feature (drizzle-kit and the client read them all here). */
export * from "./agents";
export * from "./auth";
export * from "./chat";
export * from "./cluster";
export * from "./documents";
export * from "./logs";
export * from "./marketplace";
export * from "./mcp";
export * from "./memory";
export * from "./oauth";
export * from "./settings";
export * from "./trash";
export * from "./users";
export * from "./vector";
export * from "./workspace";
