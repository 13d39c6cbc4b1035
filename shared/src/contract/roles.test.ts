import { toRole } from './roles';

describe('toRole', () => {
  it.each([
    [1, 'Admin'],
    ['1', 'Admin'],
    ['admin', 'Admin'],
    [' Manager ', 'Manager'],
    ['user', 'User'],
    [0, 'User'],
    [undefined, 'User'],
    ['Owner', 'User'],
  ])('reads %p as %s', (value, role) => {
    expect(toRole(value)).toBe(role);
  });
});
