CREATE TABLE `lead_office_values` (
	`lead_id` integer NOT NULL,
	`field` text NOT NULL,
	`office_value` text,
	`calendar_value` text,
	`user_id` integer,
	`at` text NOT NULL,
	`calendar_run_id` integer,
	`calendar_at` text,
	`conflict` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`lead_id`, `field`)
);
--> statement-breakpoint
ALTER TABLE `leads` ADD `deleted_by` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `calendar_deleted_at` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `needs_review` integer DEFAULT false NOT NULL;