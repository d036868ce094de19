import type { Tool } from '@shop/shared/contracts/tools';
import type { Database } from '../../../db/client';
import { cachedJsonSerializer, type CachedJson } from '../../../lib/cached-json';
import { notFound } from '../../../lib/errors';
import { isDatabaseUnreachable } from '../../../lib/database-errors';
import { KeyedAnswers } from '../../../lib/keyed-answers';
import { SnapshotCache } from '../../../lib/snapshot-cache';
import { listTools } from './tools.service';

const serializeList = cachedJsonSerializer('GET /tool');
const serializeTool = cachedJsonSerializer('GET /tool/:id');

/** One read of the tools table: the list's body, and each tool's body once someone asks for it. */
class CatalogueSnapshot {
  readonly listJson: CachedJson;
  readonly #byId: Map<string, Tool>;
  readonly #toolJson = new Map<string, CachedJson>();

  constructor(readonly tools: readonly Tool[]) {
    this.listJson = serializeList([...tools]);
    this.#byId = new Map(tools.map((tool) => [tool._id, tool]));
  }

  tool(id: string): Tool | undefined {
    return this.#byId.get(id);
  }

  toolJson(id: string): CachedJson | undefined {
    let json = this.#toolJson.get(id);
    if (json) return json;
    const tool = this.#byId.get(id);
    if (!tool) return undefined;
    json = serializeTool(tool);
    this.#toolJson.set(id, json);
    return json;
  }
}

/**
 * The catalogue kept in memory: `GET /tool` and `GET /tool/:id` answer from here, and so may
 * anything else that shows tools (the server-rendered pages). Whoever changes the tools table
 * (a tool added or deleted, stock reserved or released by an order) publishes
 * CATALOGUE_TOOLS_TOPIC on the change feed once committed (plugins/catalogue.ts), which marks
 * this stale on every instance; the next read rebuilds it from one query.
 */
/** A page of `GET /tool?…` as sent: the body and the next page's cursor. */
export interface ToolsPageJson {
  json: CachedJson;
  nextCursor: string | null;
}

/** How many distinct pages are kept at once; the oldest goes first. */
const PAGES_KEPT = 500;

export class ToolsCache {
  readonly #snapshot: SnapshotCache<CatalogueSnapshot>;
  /** Pages answered since the last change of the tools table (docs/decisions/0023). */
  readonly #pages: KeyedAnswers<ToolsPageJson>;

  constructor(db: Database, mayKeep: () => boolean) {
    this.#pages = new KeyedAnswers(PAGES_KEPT, mayKeep);
    this.#snapshot = new SnapshotCache(
      async () => {
        const tools = await listTools(db);
        return new CatalogueSnapshot(tools.map((tool) => Object.freeze(tool)));
        // While the database is out of reach, the last copy answers (docs/behaviour.md §9.1).
      },
      mayKeep,
      isDatabaseUnreachable,
    );
  }

  /** Every tool, oldest first, as `GET /tool` lists them. Shared objects: read, never change. */
  async list(): Promise<readonly Tool[]> {
    return (await this.#current()).tools;
  }

  /** One tool, or undefined when there is no such tool. */
  async find(id: string): Promise<Tool | undefined> {
    return (await this.#current()).tool(id);
  }

  /** `GET /tool`'s body. */
  async listJson(): Promise<CachedJson> {
    return (await this.#current()).listJson;
  }

  /** `GET /tool/:id`'s body; 404 when there is no such tool. */
  async toolJson(id: string): Promise<CachedJson> {
    const json = (await this.#current()).toolJson(id);
    if (!json) throw notFound('Tool');
    return json;
  }

  /**
   * One page of a search, kept until the tools change: `key` names the query, `load` reads the
   * page from the database. A read that began before a change is not kept (like the snapshot).
   */
  async page(
    key: string,
    load: () => Promise<{ tools: Tool[]; nextCursor: string | null }>,
  ): Promise<ToolsPageJson> {
    return this.#pages.get(key, async () => {
      const { tools, nextCursor } = await load();
      return { json: serializeList(tools), nextCursor };
    });
  }

  invalidate(): void {
    this.#pages.invalidate();
    this.#snapshot.invalidate();
  }

  #current(): CatalogueSnapshot | Promise<CatalogueSnapshot> {
    return this.#snapshot.peek() ?? this.#snapshot.get();
  }
}
