import type { AccessTokens } from './auth/accessTokens';
import type { PasswordLinks } from './auth/passwordLinks';
import type { PasswordMail } from './auth/passwordMail';
import type { Passwords } from './auth/passwords';
import type { SignIns } from './auth/sessions/signIns';
import type { Config } from './config/loadConfig';
import type { Database } from './db/database';
import type { UsersRepository } from './users/usersRepository';
import type { UsersService } from './users/usersService';

/** What the route plugins work with; built once per app in buildApp. */
export interface AppContext {
  config: Config;
  db: Database;
  users: UsersRepository;
  passwords: Passwords;
  accessTokens: AccessTokens;
  signIns: SignIns;
  passwordLinks: PasswordLinks;
  /** Invitations, resets and password-changed notices (e-mailed when SMTP is set). */
  passwordMail: PasswordMail;
  usersService: UsersService;
}
