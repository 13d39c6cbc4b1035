CREATE TABLE `sync_applied` (
	`run_id` integer PRIMARY KEY NOT NULL,
	`written` integer DEFAULT 0 NOT NULL,
	`deleted` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `sync_applied_needs_the_lease` BEFORE INSERT ON `sync_applied`
WHEN NOT EXISTS (SELECT 1 FROM `sync_runs` WHERE `id` = NEW.`run_id` AND `status` = 'running')
BEGIN
	SELECT RAISE(ABORT, 'This sync no longer holds its lease (it was stopped, or another run took over); nothing was written to the database.');
END;
