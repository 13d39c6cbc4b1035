import { hash } from 'node:crypto';
import { LEAD_FIELDS, type LeadRecord } from './leadRecord';

/**
 * The fields hashed: every synced field, but `allDay` only when true. It came after the
 * hashes were first stored: a timed lead keeps its hash (no run rewrites every lead once),
 * while an all-day lead stored before it hashes anew, so the next sync marks it.
 */
const hashed = (lead: LeadRecord) =>
  LEAD_FIELDS.filter((field) => field !== 'allDay' || lead.allDay).map((field) => lead[field]);

/**
 * A fingerprint of everything a sync writes: equal hashes mean nothing to rewrite. SHA-256
 * in one call (crypto.hash): the same digest as a Hash object, at a fraction of its cost
 * for input this small, once per lead of every run.
 */
export function leadContentHash(lead: LeadRecord): string {
  return hash('sha256', JSON.stringify(hashed(lead)), 'base64url');
}

/** A synced lead with the fingerprint of its fields: what the sync hands the leads table. */
export type HashedLead = LeadRecord & { contentHash: string };
