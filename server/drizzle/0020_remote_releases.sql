CREATE TABLE `release_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`remote` text NOT NULL,
	`action` text NOT NULL,
	`from_version` text,
	`to_version` text,
	`by` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `release_changes_remote_idx` ON `release_changes` (`remote`,`id`);--> statement-breakpoint
CREATE TABLE `remote_loads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`remote` text NOT NULL,
	`version` text,
	`phase` text,
	`error` text,
	`route` text,
	`user_id` integer,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `remote_loads_release_idx` ON `remote_loads` (`remote`,`version`,`at`);--> statement-breakpoint
CREATE INDEX `remote_loads_at_idx` ON `remote_loads` (`at`);--> statement-breakpoint
CREATE TABLE `remote_releases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`remote` text NOT NULL,
	`version` text NOT NULL,
	`commit` text NOT NULL,
	`built_at` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`manifest` text NOT NULL,
	`shared_usage` text,
	`published_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `remote_releases_version_idx` ON `remote_releases` (`remote`,`version`);