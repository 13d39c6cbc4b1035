import { createHash } from 'node:crypto';
import { LEAD_FIELDS, type LeadRecord } from './leadRecord';

/** A fingerprint of everything a sync writes: equal hashes mean nothing to rewrite. */
export function leadContentHash(lead: LeadRecord): string {
  return createHash('sha256')
    .update(JSON.stringify(LEAD_FIELDS.map((field) => lead[field])))
    .digest('base64url');
}
