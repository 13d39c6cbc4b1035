ALTER TABLE `leads` ADD `merged_into` integer;--> statement-breakpoint
CREATE INDEX `leads_merged_into_idx` ON `leads` (`merged_into`) WHERE merged_into IS NOT NULL;