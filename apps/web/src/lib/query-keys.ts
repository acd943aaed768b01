/** Query keys are URL paths split into parts; the default query function joins them with "/". */
export const queryKeys = {
  currentUser: ["/api/auth/me"],
  health: ["/api/health"],
} as const;
