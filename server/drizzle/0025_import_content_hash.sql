ALTER TABLE `lead_actions` ADD `content_hash` text;--> statement-breakpoint
CREATE INDEX `lead_actions_content_hash_idx` ON `lead_actions` (`content_hash`);