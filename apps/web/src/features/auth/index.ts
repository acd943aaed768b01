/** The auth feature's public module: who is signed in, and signing out. */

/** The framed card of the sign-in pages, and its alert, for other full-page forms (OAuth consent). */
export { AuthCard, BadLinkAlert } from "./auth-card";
export { SignOutButton } from "./sign-out-button";
export { planLabel, useSignedInUser } from "./use-signed-in-user";
