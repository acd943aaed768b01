import {
  documentKindSchema,
  documentListQuerySchema,
  documentsApi,
  type PathParams,
  preferenceSchemas,
  preferencesApi,
} from "@neuroos/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireSession } from "../auth/session";
import type { Db } from "../db/client";
import { parse } from "../http/errors";
import { currentUser } from "../http/request-user";
import type { EventBus } from "../live/bus";
import type { DocumentService } from "./service";

type WithId = FastifyRequest<{ Params: PathParams<typeof documentsApi.get.path> }>;
type WithNamespace = FastifyRequest<{ Params: PathParams<typeof preferencesApi.read.path> }>;

/** The apps' documents and preferences, each person's own. */
export async function documentRoutes(
  app: FastifyInstance,
  deps: { db: Db; bus: EventBus; documents: DocumentService },
): Promise<void> {
  const { documents } = deps;
  /** Other tabs and devices with the document open take the new version (or see it gone). */
  const told = (userId: string, doc: { id: string; kind: string; version: number | null }) =>
    deps.bus.publish(userId, {
      type: "document_changed",
      documentId: doc.id,
      kind: doc.kind,
      version: doc.version,
    });
  app.addHook("onRequest", requireSession(deps.db));

  app.get(documentsApi.list.path, async (request) => {
    const { kind } = parse(documentListQuerySchema, request.query);
    return documents.list(currentUser(request).id, kind);
  });
  app.post(documentsApi.create.path, async (request, reply) => {
    const input = parse(documentsApi.create.body, request.body);
    const created = await documents.create(currentUser(request).id, input);
    told(currentUser(request).id, created);
    return reply.status(201).send(created);
  });
  app.get(documentsApi.get.path, async (request: WithId) =>
    documents.get(currentUser(request).id, request.params.id),
  );
  app.put(documentsApi.update.path, async (request: WithId) => {
    const input = parse(documentsApi.update.body, request.body);
    const updated = await documents.update(currentUser(request).id, request.params.id, input);
    told(currentUser(request).id, updated);
    return updated;
  });
  app.delete(documentsApi.remove.path, async (request: WithId, reply) => {
    const removed = await documents.remove(currentUser(request).id, request.params.id);
    told(currentUser(request).id, { ...removed, version: null });
    return reply.status(204).send();
  });

  /** A task deleted from a list document is kept in the trash (the app saves the list without it). */
  app.post(documentsApi.trashTask.path, async (request: WithId, reply) => {
    const input = parse(documentsApi.trashTask.body, request.body);
    return reply
      .status(201)
      .send(await documents.trashTask(currentUser(request).id, request.params.id, input));
  });
  app.get(preferencesApi.read.path, async (request: WithNamespace) =>
    documents.preference(currentUser(request).id, parse(documentKindSchema, request.params.namespace)),
  );
  app.put(preferencesApi.save.path, async (request: WithNamespace) => {
    const namespace = parse(documentKindSchema, request.params.namespace);
    const { value } = parse(preferencesApi.save.body, request.body);
    const known = preferenceSchemas[namespace];
    if (known) parse(known, value);
    return documents.setPreference(currentUser(request).id, namespace, value);
  });
}
