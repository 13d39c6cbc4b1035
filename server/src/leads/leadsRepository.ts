import type { LeadResource } from '@auditdesk/shared/core';
import { randomUUID } from 'node:crypto';
import type { AppDatabase } from '../db/openDatabase';
import { weekOfMonth } from '../sync/parser/weekOfMonth';
import type { LeadInput, LeadUpdate } from './leadSchemas';

/** A lead as the API answers it: every field of the leads screen plus its bookkeeping. */
export type LeadView = LeadResource;

const COLUMNS = `id, lead_id AS leadId, source, is_formatted AS isFormatted, customer_name AS customerName, email,
  phone_number AS phoneNumber, auditor, house_type AS houseType, heating_fuel AS heatingFuel, provider,
  referred_by AS referredBy, scheduled_by AS scheduledBy, status, scheduled_date AS scheduledDate,
  week_view AS weekView, link_id AS linkId, comments, last_synced_at AS lastSyncedAt, created_at AS createdAt,
  updated_at AS updatedAt`;

const toView = (row: LeadView & { isFormatted: unknown }): LeadView => ({
  ...row,
  isFormatted: Boolean(row.isFormatted),
});

/** `Week N` of the scheduled day, the way the sync writes it. */
const weekView = (iso: string | null) => (iso ? `Week ${weekOfMonth(new Date(iso))}` : '');

/** Leads: plain SQL for the hot list query, soft deletes, and manual leads next to synced ones. */
export function createLeadsRepository(db: AppDatabase) {
  const sqlite = db.$client;
  const list = sqlite.prepare(
    `SELECT ${COLUMNS} FROM leads WHERE deleted_at IS NULL ORDER BY scheduled_date DESC, id DESC`,
  );
  const listFormatted = sqlite.prepare(
    `SELECT ${COLUMNS} FROM leads WHERE deleted_at IS NULL AND is_formatted = 1 ORDER BY scheduled_date DESC, id DESC`,
  );
  const listUnformatted = sqlite.prepare(
    `SELECT ${COLUMNS} FROM leads WHERE deleted_at IS NULL AND is_formatted = 0 ORDER BY scheduled_date DESC, id DESC`,
  );
  const byId = sqlite.prepare(`SELECT ${COLUMNS} FROM leads WHERE id = ? AND deleted_at IS NULL`);

  return {
    list(excludeUnformatted: boolean): LeadView[] {
      return (
        (excludeUnformatted ? listFormatted : list).all() as (LeadView & { isFormatted: unknown })[]
      ).map(toView);
    },

    unformatted(): LeadView[] {
      return (listUnformatted.all() as (LeadView & { isFormatted: unknown })[]).map(toView);
    },

    find(id: number): LeadView | undefined {
      const row = byId.get(id) as (LeadView & { isFormatted: unknown }) | undefined;
      return row && toView(row);
    },

    create(input: LeadInput): LeadView {
      const now = new Date().toISOString();
      const { lastInsertRowid } = sqlite
        .prepare(
          `INSERT INTO leads (lead_id, source, is_formatted, customer_name, email, phone_number, auditor, house_type,
            heating_fuel, provider, referred_by, scheduled_by, status, scheduled_date, week_view, link_id, comments,
            created_at, updated_at)
           VALUES (@leadId, 'manual', 1, @customerName, @email, @phoneNumber, @auditor, @houseType, @heatingFuel,
            @provider, @referredBy, @scheduledBy, @status, @scheduledDate, @weekView, @linkId, @comments, @now, @now)`,
        )
        .run({ ...input, leadId: `manual-${randomUUID()}`, weekView: weekView(input.scheduledDate), now });
      return this.find(Number(lastInsertRowid))!;
    },

    /**
     * A hand edit. On a calendar lead it clears the content hash, so the next sync of its
     * range writes the calendar's version back over it.
     */
    update(id: number, changes: LeadUpdate): LeadView | undefined {
      const current = this.find(id);
      if (!current) return undefined;
      const next = { ...current, ...changes };
      sqlite
        .prepare(
          `UPDATE leads SET customer_name = @customerName, email = @email, phone_number = @phoneNumber, auditor = @auditor,
            house_type = @houseType, heating_fuel = @heatingFuel, provider = @provider, referred_by = @referredBy,
            scheduled_by = @scheduledBy, status = @status, scheduled_date = @scheduledDate, week_view = @weekView,
            link_id = @linkId, comments = @comments, content_hash = '', updated_at = @now WHERE id = @id`,
        )
        .run({ ...next, weekView: weekView(next.scheduledDate), now: new Date().toISOString(), id });
      return this.find(id);
    },

    softDelete(id: number): boolean {
      const now = new Date().toISOString();
      return (
        sqlite
          .prepare('UPDATE leads SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL')
          .run(now, now, id).changes > 0
      );
    },

    /** Counts by status, auditor and month (yyyy-mm of the scheduled date). */
    summary() {
      const group = (expression: string) =>
        Object.fromEntries(
          (
            sqlite
              .prepare(
                `SELECT ${expression} AS key, count(*) AS n FROM leads WHERE deleted_at IS NULL GROUP BY key ORDER BY key`,
              )
              .all() as { key: string | null; n: number }[]
          ).map((row) => [row.key || 'Unknown', row.n]),
        );
      return {
        total: (
          sqlite.prepare('SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL').get() as { n: number }
        ).n,
        byStatus: group("CASE WHEN status = '' THEN 'New' ELSE status END"),
        byAuditor: group('auditor'),
        byMonth: group('substr(scheduled_date, 1, 7)'),
      };
    },

    /** The dashboard numbers of spec section 5: conversion rate and the top 5 sources. */
    dashboard() {
      const total = (
        sqlite.prepare('SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL').get() as { n: number }
      ).n;
      const scheduled = (
        sqlite
          .prepare(
            "SELECT count(*) AS n FROM leads WHERE deleted_at IS NULL AND (lower(status) LIKE '%scheduled%' OR scheduled_date IS NOT NULL)",
          )
          .get() as { n: number }
      ).n;
      const topSources = sqlite
        .prepare(
          "SELECT coalesce(nullif(source, ''), 'Unknown') AS source, count(*) AS count FROM leads WHERE deleted_at IS NULL GROUP BY 1 ORDER BY count DESC, source LIMIT 5",
        )
        .all() as { source: string; count: number }[];
      const recentLeads = (
        sqlite
          .prepare(
            `SELECT ${COLUMNS} FROM leads WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 10`,
          )
          .all() as (LeadView & { isFormatted: unknown })[]
      ).map(toView);
      return {
        totalLeads: total,
        scheduledLeads: scheduled,
        conversionRate: total > 0 ? Math.round((scheduled / total) * 10000) / 100 : 0,
        topSources,
        recentLeads,
      };
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
