import { hash } from 'node:crypto';
import { LEAD_FIELDS, type LeadRecord } from './leadRecord';

/**
 * A fingerprint of everything a sync writes: equal hashes mean nothing to rewrite. SHA-256
 * in one call (crypto.hash): the same digest as a Hash object, at a fraction of its cost
 * for input this small, once per lead of every run.
 */
export function leadContentHash(lead: LeadRecord): string {
  return hash('sha256', JSON.stringify(LEAD_FIELDS.map((field) => lead[field])), 'base64url');
}

/** A synced lead with the fingerprint of its fields: what the sync hands the leads table. */
export type HashedLead = LeadRecord & { contentHash: string };
