CREATE TABLE `lead_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`user_id` integer,
	`lead_count` integer DEFAULT 0 NOT NULL,
	`at` text NOT NULL,
	`undone_at` text,
	`undone_by` integer
);
--> statement-breakpoint
ALTER TABLE `lead_history` ADD `action_id` integer;--> statement-breakpoint
CREATE INDEX `lead_history_action_idx` ON `lead_history` (`action_id`);