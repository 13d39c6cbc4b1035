CREATE TABLE `calendar_writes` (
	`lead_id` integer PRIMARY KEY NOT NULL,
	`requested_at` text NOT NULL,
	`user_id` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` text NOT NULL,
	`claimed_until` text,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `calendar_writes_due_idx` ON `calendar_writes` (`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `leads` ADD `event_ref` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `event_etag` text;--> statement-breakpoint
ALTER TABLE `leads` ADD `event_instance` text;