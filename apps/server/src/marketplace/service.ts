import type {
  CatalogueEntry,
  MarketplaceFilter,
  MarketplaceItem,
  MarketplaceKind,
  User,
} from "@neuroos/contracts";
import type { Db } from "../db/client";
import type { DocumentService } from "../documents/service";
import { AppError } from "../http/errors";
import type { PullManager } from "../llm/local/pull-manager";
import type { McpConnections } from "../mcp/connections";
import type { McpServers } from "../mcp/servers";
import type { EmbeddingModels } from "../vector/models";
import { checkCatalogue } from "./catalogue";
import type { PublishedEntries } from "./entries";
import type { Installer, InstallTarget } from "./installer";
import { agentPresetInstaller } from "./installers/agent-preset";
import { appShortcutInstaller } from "./installers/app-shortcut";
import { embeddingModelInstaller } from "./installers/embedding-model";
import { localModelInstaller } from "./installers/local-model";
import { mcpServerInstaller } from "./installers/mcp-server";
import { promptTemplateInstaller } from "./installers/prompt-template";
import type { InstallRow, Installs } from "./installs";
import { catalogueListing, type Listing, matches, presentItem, publishedListing } from "./listings";

export interface MarketplaceDeps {
  db: Db;
  catalogue: CatalogueEntry[];
  entries: PublishedEntries;
  installs: Installs;
  documents: DocumentService;
  mcpServers: McpServers;
  mcpConnections: Pick<McpConnections, "forget">;
  pulls: PullManager;
  embeddingModels: EmbeddingModels;
}

type Viewer = Pick<User, "id" | "role"> | null;
const hasPro = (user: User) => user.plan === "pro" || user.executiveAccess;
const notFound = () => new AppError(404, "not_found", "No such marketplace item");

/**
 * The marketplace: the catalogue that ships with the product and the entries people published,
 * searched and filtered here; installs that do something real in the person's account (each
 * kind has its installer) and uninstalls that undo it; real install counts and ratings.
 */
export class MarketplaceService {
  private readonly installers: Record<MarketplaceKind, Installer<unknown>>;
  private readonly catalogue: Listing[];

  constructor(private readonly deps: MarketplaceDeps) {
    checkCatalogue(deps.catalogue, { embeddingModels: deps.embeddingModels.catalog.map((m) => m.id) });
    this.catalogue = deps.catalogue
      .map(catalogueListing)
      .sort((a, b) => a.title.localeCompare(b.title, "en"));
    const { db, documents, mcpServers, mcpConnections, pulls, embeddingModels } = deps;
    this.installers = {
      "agent-preset": agentPresetInstaller({ db }),
      "prompt-template": promptTemplateInstaller({ documents }),
      "mcp-server": mcpServerInstaller({ servers: mcpServers, connections: mcpConnections }),
      "app-shortcut": appShortcutInstaller({ documents }),
      "local-model": localModelInstaller({ pulls }),
      "embedding-model": embeddingModelInstaller({ db, models: embeddingModels }),
    } as Record<MarketplaceKind, Installer<unknown>>;
  }

  /** The items the viewer may see that match: the published ones (newest first), then the catalogue's. */
  async list(viewer: User | null, filter: { search?: string; category: MarketplaceFilter }) {
    const published = (await this.deps.entries.list(viewer, filter)).map(publishedListing);
    return this.present(viewer, [...published, ...this.catalogue.filter((l) => matches(l, filter))]);
  }

  async get(viewer: User | null, id: string): Promise<MarketplaceItem> {
    return this.presentOne(viewer, await this.listing(viewer, id));
  }

  /** Installs the item into the person's account: once per person; a failed download or switch is started again. */
  async install(user: User, id: string): Promise<MarketplaceItem> {
    const listing = await this.listing(user, id);
    if (listing.price > 0 && !hasPro(user))
      throw new AppError(
        403,
        "plan_required",
        `“${listing.title}” needs the Pro plan: Pro and Executive Access accounts can install it.`,
      );
    const installer = this.installers[listing.kind];
    const target = this.target(user, listing);
    if (!(await this.deps.installs.claim(user.id, id))) {
      const row = await this.deps.installs.find(user.id, id);
      if (row?.state === "installed" && installer.resume) {
        const progress = await installer.progress?.(target, row.effect);
        if (progress?.state === "failed") {
          await installer.resume(target, row.effect);
          return this.presentOne(user, listing);
        }
      }
      const state = row?.state === "installing" ? "is being installed" : "is already installed";
      throw new AppError(409, "conflict", `“${listing.title}” ${state}`);
    }
    try {
      await this.deps.installs.finish(user.id, id, await installer.install(target));
    } catch (err) {
      await this.deps.installs.release(user.id, id);
      throw err;
    }
    return this.presentOne(user, listing);
  }

  /** Undoes the install (an item no longer shown to the person can still be uninstalled). */
  async uninstall(user: User, id: string): Promise<MarketplaceItem> {
    const held = await this.deps.installs.find(user.id, id);
    const listing = await this.listing(held ? { id: user.id, role: "admin" } : user, id);
    const row: InstallRow | undefined = await this.deps.installs.take(user.id, id);
    if (!row) {
      const state = held?.state === "installing" ? "is still being installed" : "is not installed";
      throw new AppError(409, "conflict", `“${listing.title}” ${state}`);
    }
    try {
      await this.installers[listing.kind].uninstall(this.target(user, listing), row.effect);
    } catch (err) {
      await this.deps.installs.restore(row);
      throw err;
    }
    return this.presentOne(user, listing);
  }

  async rate(user: User, id: string, stars: number): Promise<MarketplaceItem> {
    const listing = await this.listing(user, id);
    if (!(await this.deps.installs.rate(user.id, id, stars)))
      throw new AppError(409, "conflict", `Install “${listing.title}” before rating it`);
    return this.presentOne(user, listing);
  }

  private async listing(viewer: Viewer, id: string): Promise<Listing> {
    const fromCatalogue = this.catalogue.find((l) => l.id === id);
    if (fromCatalogue) return fromCatalogue;
    return publishedListing(await this.deps.entries.get(viewer, id));
  }

  private target(user: User, listing: Listing): InstallTarget<unknown> {
    return {
      user,
      itemId: listing.id,
      title: listing.title,
      payload: listing.payload,
      peers: () => this.deps.installs.peers(user.id, listing.id),
    };
  }

  private async presentOne(viewer: User | null, listing: Listing): Promise<MarketplaceItem> {
    const [item] = await this.present(viewer, [listing]);
    if (!item) throw notFound();
    return item;
  }

  private async present(viewer: User | null, listings: Listing[]): Promise<MarketplaceItem[]> {
    const stats = await this.deps.installs.stats(listings.map((l) => l.id));
    const mine = viewer ? await this.deps.installs.mine(viewer.id) : new Map<string, InstallRow>();
    return Promise.all(
      listings.map(async (listing) => {
        const installer = this.installers[listing.kind];
        const row = mine.get(listing.id);
        const progress =
          viewer && row?.state === "installed" && installer.progress
            ? await installer.progress(this.target(viewer, listing), row.effect)
            : null;
        return presentItem(listing, installer.describe(listing.payload), stats.get(listing.id), {
          row,
          progress,
        });
      }),
    );
  }
}
