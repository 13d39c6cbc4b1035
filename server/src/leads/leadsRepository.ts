import type { LeadResource } from '@auditdesk/shared/core';
import type { Statement } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../db/openDatabase';
import { weekOfMonth } from '../sync/parser/weekOfMonth';
import type { LeadInput, LeadUpdate } from './leadSchemas';

const COLUMNS = `id, lead_id AS leadId, source, is_formatted AS isFormatted, customer_name AS customerName, email,
  phone_number AS phoneNumber, auditor, house_type AS houseType, heating_fuel AS heatingFuel, provider,
  referred_by AS referredBy, scheduled_by AS scheduledBy, status, scheduled_date AS scheduledDate,
  week_view AS weekView, link_id AS linkId, comments, last_synced_at AS lastSyncedAt, created_at AS createdAt,
  updated_at AS updatedAt`;

const LIVE = 'deleted_at IS NULL';
const NEWEST_FIRST = 'ORDER BY scheduled_date DESC, id DESC';

/** SQLite answers 0/1 for the flag. */
const leadsOf = (statement: Statement, ...params: unknown[]): LeadResource[] =>
  (statement.all(...params) as (LeadResource & { isFormatted: unknown })[]).map((row) => ({
    ...row,
    isFormatted: Boolean(row.isFormatted),
  }));

/** `Week N` of the scheduled day, the way the sync writes it. */
const weekView = (iso: string | null) => (iso ? `Week ${weekOfMonth(new Date(iso))}` : '');

/** Leads: plain SQL prepared once, soft deletes, and manual leads next to synced ones. */
export function createLeadsRepository(db: AppDatabase) {
  const sqlite = db.$client;
  const statements = {
    list: sqlite.prepare(`SELECT ${COLUMNS} FROM leads WHERE ${LIVE} ${NEWEST_FIRST}`),
    listFormatted: sqlite.prepare(
      `SELECT ${COLUMNS} FROM leads WHERE ${LIVE} AND is_formatted = 1 ${NEWEST_FIRST}`,
    ),
    listUnformatted: sqlite.prepare(
      `SELECT ${COLUMNS} FROM leads WHERE ${LIVE} AND is_formatted = 0 ${NEWEST_FIRST}`,
    ),
    byId: sqlite.prepare(`SELECT ${COLUMNS} FROM leads WHERE id = ? AND ${LIVE}`),
    recent: sqlite.prepare(
      `SELECT ${COLUMNS} FROM leads WHERE ${LIVE} ORDER BY created_at DESC, id DESC LIMIT 10`,
    ),
    insert:
      sqlite.prepare(`INSERT INTO leads (lead_id, source, is_formatted, customer_name, email, phone_number,
        auditor, house_type, heating_fuel, provider, referred_by, scheduled_by, status, scheduled_date, week_view,
        link_id, comments, created_at, updated_at)
      VALUES (@leadId, 'manual', 1, @customerName, @email, @phoneNumber, @auditor, @houseType, @heatingFuel,
        @provider, @referredBy, @scheduledBy, @status, @scheduledDate, @weekView, @linkId, @comments, @now, @now)`),
    update: sqlite.prepare(`UPDATE leads SET customer_name = @customerName, email = @email,
        phone_number = @phoneNumber, auditor = @auditor, house_type = @houseType, heating_fuel = @heatingFuel,
        provider = @provider, referred_by = @referredBy, scheduled_by = @scheduledBy, status = @status,
        scheduled_date = @scheduledDate, week_view = @weekView, link_id = @linkId, comments = @comments,
        content_hash = '', updated_at = @now
      WHERE id = @id`),
    softDelete: sqlite.prepare(`UPDATE leads SET deleted_at = ?, updated_at = ? WHERE id = ? AND ${LIVE}`),
    count: sqlite.prepare(`SELECT count(*) AS n FROM leads WHERE ${LIVE}`),
    countScheduled: sqlite.prepare(
      `SELECT count(*) AS n FROM leads WHERE ${LIVE} AND (lower(status) LIKE '%scheduled%' OR scheduled_date IS NOT NULL)`,
    ),
    topSources: sqlite.prepare(`SELECT coalesce(nullif(source, ''), 'Unknown') AS source, count(*) AS count
      FROM leads WHERE ${LIVE} GROUP BY 1 ORDER BY count DESC, source LIMIT 5`),
    byStatus: sqlite.prepare(`SELECT CASE WHEN status = '' THEN 'New' ELSE status END AS key, count(*) AS n
      FROM leads WHERE ${LIVE} GROUP BY key ORDER BY key`),
    byAuditor: sqlite.prepare(
      `SELECT auditor AS key, count(*) AS n FROM leads WHERE ${LIVE} GROUP BY key ORDER BY key`,
    ),
    byMonth: sqlite.prepare(`SELECT substr(scheduled_date, 1, 7) AS key, count(*) AS n
      FROM leads WHERE ${LIVE} GROUP BY key ORDER BY key`),
  };
  const count = (statement: Statement) => (statement.get() as { n: number }).n;
  const counts = (statement: Statement) =>
    Object.fromEntries(
      (statement.all() as { key: string | null; n: number }[]).map((row) => [row.key || 'Unknown', row.n]),
    );

  function find(id: number): LeadResource | undefined {
    return leadsOf(statements.byId, id)[0];
  }

  return {
    list: (excludeUnformatted: boolean) =>
      leadsOf(excludeUnformatted ? statements.listFormatted : statements.list),

    unformatted: () => leadsOf(statements.listUnformatted),

    find,

    create(input: LeadInput): LeadResource {
      const { lastInsertRowid } = statements.insert.run({
        ...input,
        leadId: `manual-${randomUUID()}`,
        weekView: weekView(input.scheduledDate),
        now: new Date().toISOString(),
      });
      return find(Number(lastInsertRowid))!;
    },

    /**
     * A hand edit. On a calendar lead it clears the content hash, so the next sync of its
     * range writes the calendar's version back over it.
     */
    update(id: number, changes: LeadUpdate): LeadResource | undefined {
      const current = find(id);
      if (!current) return undefined;
      const next = { ...current, ...changes };
      statements.update.run({
        ...next,
        weekView: weekView(next.scheduledDate),
        now: new Date().toISOString(),
        id,
      });
      return find(id);
    },

    softDelete(id: number): boolean {
      const now = new Date().toISOString();
      return statements.softDelete.run(now, now, id).changes > 0;
    },

    /** Counts by status, auditor and month (yyyy-mm of the scheduled date). */
    summary() {
      return {
        total: count(statements.count),
        byStatus: counts(statements.byStatus),
        byAuditor: counts(statements.byAuditor),
        byMonth: counts(statements.byMonth),
      };
    },

    /** The dashboard numbers of spec section 5: conversion rate and the top 5 sources. */
    dashboard() {
      const total = count(statements.count);
      const scheduled = count(statements.countScheduled);
      return {
        totalLeads: total,
        scheduledLeads: scheduled,
        conversionRate: total > 0 ? Math.round((scheduled / total) * 10000) / 100 : 0,
        topSources: statements.topSources.all() as { source: string; count: number }[],
        recentLeads: leadsOf(statements.recent),
      };
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
