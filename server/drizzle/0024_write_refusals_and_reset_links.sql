ALTER TABLE `calendar_writes` ADD `failed_at` text;--> statement-breakpoint
ALTER TABLE `password_links` ADD `purpose` text DEFAULT 'admin' NOT NULL;