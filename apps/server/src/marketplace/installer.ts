import type { MarketplaceInstall, User } from "@neuroos/contracts";
import { AppError } from "../http/errors";

/** What an install made (an agent's id, a server's id...), kept so uninstall can undo it. */
export type Effect = Record<string, unknown>;

/** The item being installed or uninstalled, for whom. */
export interface InstallTarget<P> {
  user: User;
  itemId: string;
  title: string;
  payload: P;
  /** What other people's installs of this item made (a shared download...). */
  peers(): Promise<Effect[]>;
}

/** Work an install still does after it is recorded (a download, a re-embedding), or its failure. */
export type InstallProgress = Omit<MarketplaceInstall, "rating">;

/** How one kind of item is installed into a person's account, and undone again. */
export interface Installer<P> {
  /** What installing does, in a sentence. */
  describe(payload: P): string;
  install(target: InstallTarget<P>): Promise<Effect>;
  /** Undoes the install; what the person already removed by hand is not an error. */
  uninstall(target: InstallTarget<P>, effect: Effect): Promise<void>;
  /** Work under way or failed (null: done). */
  progress?(target: InstallTarget<P>, effect: Effect): Promise<InstallProgress | null>;
  /** Starts again what failed (the same install, asked for once more). */
  resume?(target: InstallTarget<P>, effect: Effect): Promise<void>;
}

/** Something the person already deleted themselves: nothing left to undo. */
export function ignoreNotFound(err: unknown): void {
  if (err instanceof AppError && err.status === 404) return;
  throw err;
}
