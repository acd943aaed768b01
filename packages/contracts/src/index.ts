export * from "./agents";
export * from "./auth";
export * from "./chat";
export * from "./errors";
export * from "./health";
export * from "./live";
export * from "./logs";
export * from "./modules";
