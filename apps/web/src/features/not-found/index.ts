/** The not-found feature's public module. */
export { NotFoundPage } from "./not-found-page";
