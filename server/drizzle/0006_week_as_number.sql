DROP INDEX `leads_grid_idx`;--> statement-breakpoint
CREATE INDEX `leads_grid_idx` ON `leads` (`auditor`,`scheduled_date`,`week`,`status`,`referred_by`,`heating_fuel`,`provider`,`house_type`) WHERE deleted_at IS NULL AND is_formatted = 1;--> statement-breakpoint
ALTER TABLE `leads` DROP COLUMN `week_view`;--> statement-breakpoint
ALTER TABLE `sync_runs` DROP COLUMN `owner_host`;--> statement-breakpoint
ALTER TABLE `sync_runs` DROP COLUMN `owner_pid`;