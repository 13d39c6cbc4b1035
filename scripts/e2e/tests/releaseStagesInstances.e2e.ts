import { stageScenario } from '../support/stageScenario';
import { twoInstancesOnD1 } from '../support/stageSetups';

// Issue 40 with the Admin on instance A and the User on instance B, one D1 database and one
// Redis between them: the stage is seen by both instances, told to B's tab through Redis.
stageScenario(twoInstancesOnD1);
