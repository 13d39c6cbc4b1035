CREATE TABLE `lead_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` integer NOT NULL,
	`kind` text NOT NULL,
	`field` text,
	`old_value` text,
	`new_value` text,
	`user_id` integer,
	`run_id` integer,
	`at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `lead_history_lead_idx` ON `lead_history` (`lead_id`,`id`);