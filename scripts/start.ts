// `pnpm start`: build what is not built, then serve everything from one server process.
import { ensureBuilt } from './ensureBuilt';

try {
  ensureBuilt();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
// Production needs the app's own address; on this machine it is where the server listens.
process.env.PUBLIC_URL ??= `http://localhost:${process.env.PORT || 8080}`;
// The server runs in this very process.
void import('../server/src/main');
