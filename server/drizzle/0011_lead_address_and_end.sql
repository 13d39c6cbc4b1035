ALTER TABLE `leads` ADD `address` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `end_date` text;