import type { RunHold } from '../../src/features/sync/lock/runHold';
import type { SheetWrite } from '../../src/features/sync/spreadsheet/spreadsheetSink';

/** The hold of a run nothing takes over: a test or a benchmark of one step. */
export const heldForGood = (runId = 1): RunHold => ({
  runId,
  throwIfLost: () => undefined,
  checkpoint: async () => undefined,
  checkOwned: async () => undefined,
  whileOwned: async (replace) => replace(),
});

/** A spreadsheet write of run `fence.runId` (1 unless given), hearing no progress. */
export const sheetWrite = (
  range: { from: number; to: number },
  syncedAt: string,
  more: Partial<SheetWrite> = {},
): SheetWrite => ({ range, syncedAt, fence: heldForGood(), onProgress: () => {}, ...more });
