import type { Role } from '@auditdesk/shared/core';

/** Who may share a view with everyone, and change or delete a shared one. */
const SHARERS: readonly Role[] = ['Admin', 'Manager'];

interface Person {
  id: number;
  role: Role;
}
interface View {
  ownerId: number;
  shared: boolean;
}

export const maySeeView = (person: Person, view: View) => view.shared || view.ownerId === person.id;

export const mayShareViews = (person: Person) => SHARERS.includes(person.role);

/** A private view is its owner's alone; a shared one belongs to the Managers and Admins. */
export const mayChangeView = (person: Person, view: View) =>
  view.shared ? mayShareViews(person) : view.ownerId === person.id;
