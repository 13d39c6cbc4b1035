import { idParams, noContent } from '../common';
import { defaultViewChoice, savedView, savedViewCreate, savedViewPatch, savedViews } from '../views';
import { taggedIo, type IoTable } from './operation';
import type { viewsOperations } from './viewsOperations';

export const viewsIo = taggedIo('Views', {
  viewsList: {
    summary: 'Your saved views and the shared ones, and the one an empty leads address opens',
    response: { 200: savedViews },
  },
  viewsCreate: {
    summary: 'Save a view; unknown columns in its state are dropped',
    description: 'Only a Manager or an Admin may save a shared view. 409 when you have a view of that name.',
    body: savedViewCreate,
    response: { 201: savedView },
  },
  viewsUpdate: {
    summary: 'Rename a view, share or unshare it, or save a new state over it',
    description:
      'Your own private views; a shared one only as a Manager or an Admin, who alone may switch sharing.',
    params: idParams,
    body: savedViewPatch,
    response: { 200: savedView },
  },
  viewsDelete: {
    summary: 'Delete a view; it stops being anyone’s default',
    params: idParams,
    response: { 204: noContent },
  },
  viewsSetDefault: {
    summary: 'Choose the view an empty leads address opens (one of yours or a shared one); null for none',
    body: defaultViewChoice,
    response: { 200: defaultViewChoice },
  },
} satisfies IoTable<typeof viewsOperations>);
