import { allows } from './operation';
import { routes } from './routes';
import { VIEW_SHARERS } from './viewsOperations';

describe('who has an access', () => {
  it('follows the route table: anyone, anyone signed in, or the roles named', () => {
    expect([undefined, 'User', 'Manager', 'Admin'].map((role) => allows('public', role as never))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([null, 'User'].map((role) => allows(routes.leadsList.access, role as never))).toEqual([
      false,
      true,
    ]);
    expect(
      (['User', 'Manager', 'Admin'] as const).map((role) => allows(routes.leadsUpdate.access, role)),
    ).toEqual([false, true, true]);
    expect(allows(VIEW_SHARERS, 'User')).toBe(false);
    expect(allows(routes.usersList.access, 'Manager')).toBe(false);
  });
});
