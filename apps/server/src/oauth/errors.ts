/** An OAuth error answered in OAuth's own shape (RFC 6749 §5.2, RFC 7591 §3.2.2): `{ error, error_description }`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }

  get body() {
    return { error: this.error, error_description: this.description };
  }
}

export const invalidRequest = (description: string) => new OAuthError(400, "invalid_request", description);
export const invalidGrant = (description: string) => new OAuthError(400, "invalid_grant", description);
export const invalidClient = (description: string) => new OAuthError(401, "invalid_client", description);
