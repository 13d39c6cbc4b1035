import type { Invitation } from '@auditdesk/shared/core';
import type { UserRow } from '../../platform/db/schema';
import type { Authenticate } from '../../platform/http/authenticate';
import type { UsersRepository } from './usersRepository';
import type { UsersService } from './usersService';

/** Invitations and the address of a password link (features/auth's password mail makes them). */
export interface Invitations {
  invite(actor: UserRow, user: UserRow): Promise<Invitation>;
  setPasswordUrl(token: string): string;
}

/** What the routes of accounts and access work with (built in services.ts). */
export interface AccountRoutesOptions {
  users: UsersRepository;
  usersService: UsersService;
  invitations: Invitations;
  authenticate: Authenticate;
}
