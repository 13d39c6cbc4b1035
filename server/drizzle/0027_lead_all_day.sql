ALTER TABLE `leads` ADD `all_day` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- A date imported without a time was stored at 00:00 UTC: a day (docs/decisions.md). Such a
-- lead is one whose date an import set last (created or changed by an import, no later change
-- of the date) at exactly 00:00 UTC. All-day calendar leads are marked by the next sync.
UPDATE `leads` SET `all_day` = 1
WHERE `scheduled_date` LIKE '%T00:00:00.000Z' AND `deleted_at` IS NULL AND (
  SELECT a.`kind` FROM `lead_history` h LEFT JOIN `lead_actions` a ON a.`id` = h.`action_id`
  WHERE h.`lead_id` = `leads`.`id` AND (h.`kind` = 'created' OR h.`field` = 'scheduledDate')
  ORDER BY h.`id` DESC LIMIT 1
) = 'import';
