import { runOffThread } from '../src/features/backups/snapshots/offThread';
import { integrityProblem } from '../src/features/backups/snapshots/snapshotWork';
(async () => {
  const f = '/tmp/prof-out/cap.db';
  for (let i = 0; i < 3; i++) {
    let s = performance.now(); await runOffThread({ task: 'integrity', file: f }, f); const w = performance.now() - s;
    s = performance.now(); integrityProblem(f); const m = performance.now() - s;
    console.log('worker', w.toFixed(0), 'main', m.toFixed(0));
  }
})();
