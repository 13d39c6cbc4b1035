import type { SavedView } from '@auditdesk/shared/core';
import type { FastifyPluginAsync } from 'fastify';
import type { Authenticate } from '../../platform/http/authenticate';
import { operationRoutes } from '../../platform/http/operationRoutes';
import type { UserRow } from '../../platform/db/schema';
import { conflict, forbidden, notFound } from '../../platform/errors/httpProblem';
import { DUPLICATE_NAME, type SavedViewsRepository, type StoredView } from './savedViewsRepository';
import { mayChangeView, maySeeView, mayShareViews } from './viewPermissions';

const UNKNOWN_VIEW = 'This view does not exist, or it is not shared with you.';
const ONLY_SHARERS = 'Only a Manager or an Admin may share a view with everyone.';
const ONLY_OWNER =
  'Only the person who shared this view, or an Admin, may change it. Save it as a new view of your own instead.';
/** Why this person may not change this view (one they see). */
const notTheirs = (view: StoredView) => forbidden(view.shared ? ONLY_OWNER : undefined);
/** Plenty for a person's own use, and a bound on what one account can store. */
export const MAX_VIEWS_PER_PERSON = 200;
const duplicateName = (name: string) =>
  conflict(`You already have a view named "${name}". Choose another name, or save over that view.`);

const shown = (person: UserRow, view: StoredView): SavedView => ({
  id: view.id,
  name: view.name,
  ownerName: view.ownerName,
  mine: view.ownerId === person.id,
  shared: view.shared,
  editable: mayChangeView(person, view),
  state: view.state,
  createdAt: view.createdAt,
  updatedAt: view.updatedAt,
});

/**
 * /api/views: saved views of the leads screen. Anyone signed in keeps private views; only a
 * Manager or an Admin shares one; a shared one is changed by whoever shared it or an Admin
 * (DESIGN.md section 17, docs/views.md).
 */
export const viewsRoutes: FastifyPluginAsync<{
  views: SavedViewsRepository;
  authenticate: Authenticate;
}> = async (app, { views, authenticate }) => {
  const route = operationRoutes(app, authenticate);

  /** The view, if this person sees it; 404 otherwise (a private view of another is not told of). */
  const visible = async (person: UserRow, id: number) => {
    const view = await views.find(id);
    if (!view || !maySeeView(person, view)) throw notFound(UNKNOWN_VIEW);
    return view;
  };

  route('viewsList', async (request) => {
    const person = request.currentUser!;
    const { views: list, defaultViewId } = await views.list(person.id);
    return { views: list.map((view) => shown(person, view)), defaultViewId };
  });

  route('viewsCreate', async (request, reply) => {
    const person = request.currentUser!;
    if (request.body.shared && !mayShareViews(person)) throw forbidden(ONLY_SHARERS);
    if ((await views.countOwned(person.id)) >= MAX_VIEWS_PER_PERSON)
      throw conflict(`You keep ${MAX_VIEWS_PER_PERSON} views, the most one person may. Delete one first.`);
    const created = await views.create(person.id, request.body);
    if (created === DUPLICATE_NAME) throw duplicateName(request.body.name);
    return reply.code(201).send(shown(person, created!));
  });

  route('viewsUpdate', async (request) => {
    const person = request.currentUser!;
    const view = await visible(person, request.params.id);
    if (!mayChangeView(person, view)) throw notTheirs(view);
    const { shared } = request.body;
    if (shared !== undefined && shared !== view.shared && !mayShareViews(person))
      throw forbidden(ONLY_SHARERS);
    const updated = await views.update(view.id, request.body);
    if (updated === DUPLICATE_NAME) throw duplicateName(request.body.name!);
    if (!updated) throw notFound(UNKNOWN_VIEW);
    return shown(person, updated);
  });

  route('viewsDelete', async (request, reply) => {
    const person = request.currentUser!;
    const view = await visible(person, request.params.id);
    if (!mayChangeView(person, view)) throw notTheirs(view);
    if (!(await views.remove(view.id))) throw notFound(UNKNOWN_VIEW);
    return reply.code(204).send(null);
  });

  route('viewsSetDefault', async (request) => {
    const person = request.currentUser!;
    const { viewId } = request.body;
    if (viewId !== null) await visible(person, viewId);
    await views.setDefault(person.id, viewId);
    return { viewId };
  });
};
