// `pnpm start`: build what is not built, then serve everything from one server process.
import { ensureBuilt } from './ensureBuilt';
import { startEnvironment } from './startEnvironment';

try {
  ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
Object.assign(process.env, startEnvironment(process.env));
// The server runs in this very process.
void import('../server/src/main');
