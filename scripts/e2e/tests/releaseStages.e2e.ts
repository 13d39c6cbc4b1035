import { stageScenario } from '../support/stageScenario';
import { oneInstanceOnSqlite } from '../support/stageSetups';

// Issue 40 on one server (SQLite, no Redis); the same story on two instances and D1 is
// releaseStagesInstances.e2e.ts (a file each: the two workers run them side by side).
stageScenario(oneInstanceOnSqlite);
