CREATE TABLE `leads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lead_id` text NOT NULL,
	`source` text DEFAULT 'calendar' NOT NULL,
	`is_formatted` integer DEFAULT true NOT NULL,
	`customer_name` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`phone_number` text DEFAULT '' NOT NULL,
	`auditor` text DEFAULT '' NOT NULL,
	`house_type` text DEFAULT '' NOT NULL,
	`heating_fuel` text DEFAULT '' NOT NULL,
	`provider` text DEFAULT '' NOT NULL,
	`referred_by` text DEFAULT '' NOT NULL,
	`scheduled_by` text DEFAULT '' NOT NULL,
	`status` text DEFAULT '' NOT NULL,
	`scheduled_date` text,
	`week_view` text DEFAULT '' NOT NULL,
	`link_id` text DEFAULT '' NOT NULL,
	`comments` text DEFAULT '' NOT NULL,
	`content_hash` text DEFAULT '' NOT NULL,
	`last_synced_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`deleted_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leads_lead_id_unique` ON `leads` (`lead_id`);--> statement-breakpoint
CREATE INDEX `leads_scheduled_date_idx` ON `leads` (`scheduled_date`);--> statement-breakpoint
CREATE INDEX `leads_auditor_scheduled_date_idx` ON `leads` (`auditor`,`scheduled_date`);--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`status` text NOT NULL,
	`trigger` text NOT NULL,
	`user_id` integer,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`finished_at` text,
	`message` text DEFAULT '' NOT NULL,
	`events_processed` integer DEFAULT 0 NOT NULL,
	`events_created` integer DEFAULT 0 NOT NULL,
	`events_updated` integer DEFAULT 0 NOT NULL,
	`events_deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sync_runs_status_idx` ON `sync_runs` (`status`);