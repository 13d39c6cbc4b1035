import fs from 'node:fs';
import path from 'node:path';
import { captureDatabase } from '../../../server/src/features/backups/snapshots/captureDatabase';
import {
  decodeSnapshot,
  encodeSnapshot,
  hashFile,
} from '../../../server/src/features/backups/snapshots/snapshotCodec';
import { databaseFacts, integrityProblem } from '../../../server/src/features/backups/snapshots/snapshotWork';
import { timed } from './statistics';

/**
 * Each stage of a snapshot alone, one after another on the same database: where a snapshot's
 * time goes. (A snapshot runs the integrity_check beside the hashing, writing and reading back.)
 */
export async function snapshotStages(
  database: string,
  dir: string,
  key: string,
): Promise<Record<string, number>> {
  fs.mkdirSync(dir, { recursive: true });
  const plain = path.join(dir, 'copy.db');
  const out = path.join(dir, 'snapshot.adsnap');
  try {
    const copy = await timed(() => captureDatabase(database, plain));
    const check = await timed(() => integrityProblem(plain));
    const facts = await timed(() => databaseFacts(plain));
    const hash = await timed(() => hashFile(plain));
    const header = {
      format: 1 as const,
      name: 'stages',
      kind: 'manual' as const,
      reason: 'the bench',
      at: new Date().toISOString(),
      appVersion: '0',
      compression: 'gzip' as const,
      schema: facts.result.schema,
      counts: facts.result.counts,
      historyMaxId: facts.result.historyMaxId,
      databaseBytes: hash.result.bytes,
      sha256: hash.result.sha256,
    };
    const write = await timed(() => encodeSnapshot(plain, header, out, key));
    const readBack = await timed(() => decodeSnapshot(out, key, null));
    return {
      'copy (backup API, synced)': copy.ms,
      integrity_check: check.ms,
      'counts and schema': facts.ms,
      'SHA-256': hash.ms,
      'gzip + AES-256-GCM': write.ms,
      'read back (decrypt, gunzip, SHA-256)': readBack.ms,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
