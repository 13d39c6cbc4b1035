CREATE TABLE `backup_points` (
	`name` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`bookmark` text NOT NULL,
	`at` text NOT NULL,
	`counts` text DEFAULT '{}' NOT NULL,
	`history_max_id` integer DEFAULT 0 NOT NULL,
	`schema_applied` integer DEFAULT 0 NOT NULL,
	`schema_latest_when` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `backup_points_at_idx` ON `backup_points` (`at`);--> statement-breakpoint
CREATE TABLE `backup_restores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` text NOT NULL,
	`by` text NOT NULL,
	`point` text NOT NULL,
	`point_reason` text NOT NULL,
	`undo_point` text,
	`migrated` text DEFAULT '[]' NOT NULL
);
