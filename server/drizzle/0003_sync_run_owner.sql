ALTER TABLE `sync_runs` ADD `owner_host` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `owner_pid` integer DEFAULT 0 NOT NULL;