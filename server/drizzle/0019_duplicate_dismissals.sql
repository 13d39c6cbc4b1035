CREATE TABLE `duplicate_dismissals` (
	`lead_a` integer NOT NULL,
	`lead_b` integer NOT NULL,
	`user_id` integer,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`lead_a`, `lead_b`)
);
