import { allows, VIEW_SHARERS, type Role } from '@auditdesk/shared/core';

interface Person {
  id: number;
  role: Role;
}
interface View {
  ownerId: number;
  shared: boolean;
}

export const maySeeView = (person: Person, view: View) => view.shared || view.ownerId === person.id;

/** Who may share a view with everyone, and change or delete a shared one (the contract's VIEW_SHARERS). */
export const mayShareViews = (person: Person) => allows(VIEW_SHARERS, person.role);

/**
 * A private view is its owner's alone. A shared one is changed, unshared or deleted by its
 * owner while they may share views, or by an Admin (who looks after what everyone sees):
 * another Manager sees it, may make it their default and save a copy, but does not rewrite
 * what everyone reads as someone else's ("Shared by …"). docs/decisions.md says why.
 */
export const mayChangeView = (person: Person, view: View) =>
  view.shared
    ? person.role === 'Admin' || (view.ownerId === person.id && mayShareViews(person))
    : view.ownerId === person.id;
