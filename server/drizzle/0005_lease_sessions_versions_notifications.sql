CREATE TABLE `data_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `leads_staging` (
	`run_id` integer NOT NULL,
	`lead_id` text NOT NULL,
	`payload` text NOT NULL,
	PRIMARY KEY(`run_id`, `lead_id`)
);
--> statement-breakpoint
CREATE TABLE `notification_reads` (
	`notification_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`read_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`notification_id`, `user_id`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`severity` text DEFAULT 'info' NOT NULL,
	`title` text NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`user_id` integer,
	`role` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_created_idx` ON `notifications` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
ALTER TABLE `leads` ADD `week` integer;--> statement-breakpoint
ALTER TABLE `leads` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `password_links` ADD `revoked_at` text;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `owner` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `heartbeat_at` text;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `progress_at` text;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `stage` text;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `source` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `sink` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `sheet_written` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `sheet_removed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_runs` ADD `run_hash` text;--> statement-breakpoint
UPDATE `sync_runs` SET `status` = 'failed', `finished_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `message` = 'Interrupted: the server was upgraded while this sync ran.' WHERE `status` = 'running';--> statement-breakpoint
UPDATE `sync_runs` SET `owner` = `owner_host` || ':' || `owner_pid`;--> statement-breakpoint
UPDATE `leads` SET `week` = CAST(substr(`week_view`, 6) AS INTEGER) WHERE `week_view` LIKE 'Week %';--> statement-breakpoint
INSERT INTO `sessions` (`id`, `user_id`, `created_at`, `expires_at`, `revoked_at`)
  SELECT `family_id`, `user_id`, min(`created_at`), strftime('%Y-%m-%dT%H:%M:%fZ', min(`created_at`), '+90 days'),
    CASE WHEN count(*) = count(`revoked_at`) THEN max(`revoked_at`) END
  FROM `refresh_tokens` GROUP BY `family_id`, `user_id`;--> statement-breakpoint
CREATE UNIQUE INDEX `sync_runs_one_running` ON `sync_runs` (`status`) WHERE status = 'running';