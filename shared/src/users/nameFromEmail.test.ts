import { nameFromEmail } from './nameFromEmail';

describe('nameFromEmail', () => {
  it.each([
    ['jane_doe.smith@example.com', 'Jane Doe Smith'],
    ['sam-rivera@example.com', 'Sam Rivera'],
    ['kim@example.com', 'Kim'],
    ['a..b@example.com', 'A B'],
  ])('%s → %s', (email, name) => expect(nameFromEmail(email)).toBe(name));
});
