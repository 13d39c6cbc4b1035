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

/** A private view is its owner's alone; a shared one belongs to the Managers and Admins. */
export const mayChangeView = (person: Person, view: View) =>
  view.shared ? mayShareViews(person) : view.ownerId === person.id;
