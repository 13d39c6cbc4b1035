import type { NewUser } from './userAccessTypes';

/** The Add User checks, in the spec's order, on trimmed values; null when valid. */
export function validateNewUser({ email, name }: Pick<NewUser, 'email' | 'name'>): string | null {
  if (!email.trim()) return 'Email is required';
  if (!name.trim()) return 'Name is required';
  if (!email.includes('@')) return 'Please enter a valid email address';
  return null;
}
