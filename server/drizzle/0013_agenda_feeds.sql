CREATE TABLE `agenda_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`auditor` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`last_read_at` text,
	`revoked_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `agenda_feeds_token_hash_unique` ON `agenda_feeds` (`token_hash`);