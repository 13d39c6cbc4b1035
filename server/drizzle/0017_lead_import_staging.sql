CREATE TABLE `lead_import_staging` (
	`import_key` text NOT NULL,
	`seq` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`staged_at` text NOT NULL,
	PRIMARY KEY(`import_key`, `seq`)
);
