import { defineOperations, type Access } from './operation';

/** Who may share a view with everyone, and change or delete a shared one. */
export const VIEW_SHARERS: Access = ['Admin', 'Manager'];

/** /api/views: saved views of the leads screen (DESIGN.md section 17). */
export const viewsOperations = defineOperations({
  viewsList: { method: 'GET', path: '/views', access: 'signed-in' },
  viewsCreate: { method: 'POST', path: '/views', access: 'signed-in' },
  viewsUpdate: { method: 'PATCH', path: '/views/:id', access: 'signed-in' },
  viewsDelete: { method: 'DELETE', path: '/views/:id', access: 'signed-in' },
  viewsSetDefault: { method: 'PUT', path: '/views/default', access: 'signed-in' },
});
