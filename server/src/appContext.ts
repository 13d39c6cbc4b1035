import type { AccessTokens } from './auth/accessTokens';
import type { PasswordLinks } from './auth/passwordLinks';
import type { RefreshTokens } from './auth/refreshTokens';
import type { Config } from './config/loadConfig';
import type { AppDatabase } from './db/openDatabase';
import type { UsersRepository } from './users/usersRepository';
import type { UsersService } from './users/usersService';

/** What the route plugins work with; built once per app in buildApp. */
export interface AppContext {
  config: Config;
  db: AppDatabase;
  users: UsersRepository;
  accessTokens: AccessTokens;
  refreshTokens: RefreshTokens;
  passwordLinks: PasswordLinks;
  usersService: UsersService;
}
