import type { FastifyInstance } from "fastify";
import { PublishedEntries } from "./entries";
import { Installs } from "./installs";
import { Publishing } from "./publishing";
import { marketplaceRoutes } from "./routes";
import { type MarketplaceDeps, MarketplaceService } from "./service";

/**
 * The marketplace: the shipped catalogue (a bad entry stops the boot) and what people published;
 * installs go through each feature's service (agents, documents, MCP servers, models).
 */
export async function mountMarketplace(
  app: FastifyInstance,
  deps: Omit<MarketplaceDeps, "entries" | "installs">,
): Promise<void> {
  const { db, documents } = deps;
  const entries = new PublishedEntries(db);
  const installs = new Installs(db);
  const marketplace = new MarketplaceService({ ...deps, entries, installs });
  const publishing = new Publishing({ db, documents, entries, installs });
  await app.register(marketplaceRoutes, { db, marketplace, publishing });
}
