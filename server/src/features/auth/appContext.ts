import type { AccessTokens } from './accessTokens';
import type { PasswordLinks } from './passwordLinks';
import type { PasswordMail } from './passwordMail';
import type { Passwords } from './passwords';
import type { SignIns } from './sessions/signIns';
import type { Config } from '../../platform/config/loadConfig';
import type { Database } from '../../platform/db/database';
import type { UsersRepository } from '../users/usersRepository';
import type { UsersService } from '../users/usersService';

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
