import { ensureBuilt } from '../../ensureBuilt';

export default function globalSetup(): void {
  ensureBuilt();
}
