CREATE TABLE `password_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` text NOT NULL,
	`used_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_links_token_hash_unique` ON `password_links` (`token_hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `revoked_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `notes` text;