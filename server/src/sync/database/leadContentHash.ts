import { createHash } from 'node:crypto';
import { LEAD_FIELDS, type LeadRecord } from '../parser/leadRecord';

/** A fingerprint of everything a sync writes: equal hashes mean nothing to rewrite. */
export function leadContentHash(lead: LeadRecord): string {
  const values = [...LEAD_FIELDS.map((field) => lead[field]), lead.isFormatted ? '1' : '0'];
  return createHash('sha256').update(JSON.stringify(values)).digest('base64url');
}
