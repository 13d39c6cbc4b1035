-- The scheduling grid's first pass reads this index in its own order (auditor without case, the
-- week of the month of the UTC day, the counted values), so its grouping needs no sort, and
-- holds every column it reads (the WHERE's too: a partial index covers only then). Written by
-- hand from drizzle-kit's output, which splits an index expression at its commas.
DROP INDEX `leads_grid_nocase_idx`;--> statement-breakpoint
CREATE INDEX `leads_grid_week_idx` ON `leads` ("auditor" COLLATE NOCASE,max(date("scheduled_date", 'start of month'), date("scheduled_date", '-6 days', 'weekday 1')),`status`,trim("referred_by") <> '',`heating_fuel`,`provider`,`house_type`,`all_day`,`scheduled_date`,`deleted_at`,`is_formatted`) WHERE deleted_at IS NULL AND is_formatted = 1 AND scheduled_date IS NOT NULL;
