/** Query keys are URL paths split into parts; the default query function joins them with "/". */
export const queryKeys = {
  currentUser: ["/api/auth/me"],
  health: ["/api/health"],
  sessions: ["/api/sessions"],
  messages: (sessionId: string) => ["/api/sessions", sessionId, "messages"],
  modules: ["/api/modules"],
  /** Spec: the console reads the latest 20 execution logs. */
  logs: ["/api/logs?limit=20"],
  systemStats: ["/api/system/stats"],
  providers: ["/api/llm/providers"],
  providerStatus: (provider: string) => ["/api/llm/providers", provider, "status"],
} as const;
