/** The OAuth consent screen (/oauth/consent): an MCP client asks to reach the person's workspace. */
export { OAuthConsentPage } from "./consent-page";
export { OAuthErrorPage } from "./error-page";
