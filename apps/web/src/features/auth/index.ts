/** The auth feature's public module: who is signed in, and signing out. */
export { SignOutButton } from "./sign-out-button";
export { planLabel, useSignedInUser } from "./use-signed-in-user";
