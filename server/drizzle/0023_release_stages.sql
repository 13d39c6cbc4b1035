CREATE TABLE `release_previews` (
	`user_id` integer NOT NULL,
	`remote` text NOT NULL,
	`version` text NOT NULL,
	`expires_at` text NOT NULL,
	PRIMARY KEY(`user_id`, `remote`)
);
--> statement-breakpoint
CREATE TABLE `release_stages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`remote` text NOT NULL,
	`version` text NOT NULL,
	`audience` text NOT NULL,
	`by` text NOT NULL,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `release_stages_remote_idx` ON `release_stages` (`remote`);--> statement-breakpoint
ALTER TABLE `release_changes` ADD `audience` text;--> statement-breakpoint
ALTER TABLE `release_changes` ADD `reason` text;--> statement-breakpoint
ALTER TABLE `remote_loads` ADD `tab` text;--> statement-breakpoint
CREATE INDEX `remote_loads_tab_idx` ON `remote_loads` (`tab`);