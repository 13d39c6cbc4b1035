import { fittingViewState, knownColumnsOnly, type LeadsViewState } from '@auditdesk/shared/core';
import { asc, count, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { rootDatabaseError } from '../../platform/db/databaseUnavailable';
import { defaultViews, savedViews, users } from '../../platform/db/schema';

/** A saved view as stored, with its owner's name. */
export interface StoredView {
  id: number;
  ownerId: number;
  ownerName: string;
  name: string;
  shared: boolean;
  state: LeadsViewState;
  createdAt: string;
  updatedAt: string;
}

export interface ViewFields {
  name: string;
  shared: boolean;
  state: LeadsViewState;
}

/** Another view of the same owner has this name (without case). */
export const DUPLICATE_NAME = 'duplicate-name';

const columns = {
  id: savedViews.id,
  ownerId: savedViews.ownerId,
  ownerName: users.fullName,
  name: savedViews.name,
  shared: savedViews.shared,
  state: savedViews.state,
  createdAt: savedViews.createdAt,
  updatedAt: savedViews.updatedAt,
};

function readState(document: string): LeadsViewState {
  try {
    return fittingViewState(JSON.parse(document));
  } catch {
    return fittingViewState({});
  }
}

const toView = ({ state, ...row }: Omit<StoredView, 'state'> & { state: string }): StoredView => ({
  ...row,
  state: readState(state),
});

/** What is written: the name trimmed with its key, the state with known columns only. */
function stored(fields: Partial<ViewFields>) {
  return {
    ...(fields.name !== undefined && { name: fields.name, nameKey: fields.name.toLowerCase() }),
    ...(fields.shared !== undefined && { shared: fields.shared }),
    ...(fields.state !== undefined && { state: JSON.stringify(knownColumnsOnly(fields.state)) }),
  };
}

const isDuplicateName = (error: unknown) =>
  /UNIQUE constraint failed: saved_views\.owner_id/.test(String(rootDatabaseError(error)));

/** All SQL on saved_views and default_views. */
export function createSavedViewsRepository({ orm }: Database) {
  const select = () =>
    orm.select(columns).from(savedViews).innerJoin(users, eq(users.id, savedViews.ownerId));

  const find = async (id: number): Promise<StoredView | null> => {
    const [row] = await select().where(eq(savedViews.id, id)).all();
    return row ? toView(row) : null;
  };

  /** The write, or DUPLICATE_NAME when the owner has another view of that name. */
  const writing = async (
    write: () => Promise<number | undefined>,
  ): Promise<StoredView | null | typeof DUPLICATE_NAME> => {
    try {
      const id = await write();
      return id === undefined ? null : find(id);
    } catch (error) {
      if (isDuplicateName(error)) return DUPLICATE_NAME;
      throw error;
    }
  };

  return {
    find,

    async countOwned(ownerId: number): Promise<number> {
      return (
        (await orm.select({ n: count() }).from(savedViews).where(eq(savedViews.ownerId, ownerId)).get())?.n ??
        0
      );
    },

    /** The person's own views and the shared ones (theirs first, then by name), and their default. */
    async list(userId: number): Promise<{ views: StoredView[]; defaultViewId: number | null }> {
      const rows = await select()
        .where(or(eq(savedViews.ownerId, userId), eq(savedViews.shared, true)))
        .orderBy(desc(eq(savedViews.ownerId, userId)), asc(savedViews.nameKey), asc(savedViews.id))
        .all();
      const views = rows.map(toView);
      const [chosen] = await orm
        .select({ viewId: defaultViews.viewId })
        .from(defaultViews)
        .where(eq(defaultViews.userId, userId))
        .all();
      // a view made private since is no longer this person's to open
      const defaultViewId = views.some((view) => view.id === chosen?.viewId) ? chosen!.viewId : null;
      return { views, defaultViewId };
    },

    create(ownerId: number, fields: ViewFields) {
      return writing(async () => {
        const row = await orm
          .insert(savedViews)
          .values({ ownerId, ...stored(fields) } as typeof savedViews.$inferInsert)
          .returning({ id: savedViews.id })
          .get();
        return row?.id;
      });
    },

    /** The view changed; null when it no longer exists. */
    update(id: number, fields: Partial<ViewFields>) {
      return writing(async () => {
        const [row] = await orm
          .update(savedViews)
          .set({ ...stored(fields), updatedAt: new Date().toISOString() })
          .where(eq(savedViews.id, id))
          .returning({ id: savedViews.id })
          .all();
        return row?.id;
      });
    },

    /** Whether it existed; it stops being anyone's default with it. */
    async remove(id: number): Promise<boolean> {
      const removed = await orm
        .delete(savedViews)
        .where(eq(savedViews.id, id))
        .returning({ id: savedViews.id })
        .all();
      return removed.length > 0;
    },

    async setDefault(userId: number, viewId: number | null): Promise<void> {
      if (viewId === null) {
        await orm.delete(defaultViews).where(eq(defaultViews.userId, userId)).run();
        return;
      }
      await orm
        .insert(defaultViews)
        .values({ userId, viewId })
        .onConflictDoUpdate({ target: defaultViews.userId, set: { viewId } })
        .run();
    },
  };
}

export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
