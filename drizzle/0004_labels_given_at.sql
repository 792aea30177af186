CREATE TABLE `content_notices` (
	`set_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`acknowledged_at` integer NOT NULL,
	PRIMARY KEY(`set_id`, `user_id`),
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Acknowledgments were read from the audit log; each clinician's first one per set moves
-- to its own table. The audit rows stay as the record.
INSERT OR IGNORE INTO `content_notices` (`set_id`, `user_id`, `acknowledged_at`)
SELECT s.id, a.actor, min(a.at) FROM `audit_log` a
JOIN `calibration_sets` s ON CAST(s.id AS TEXT) = a.entity_id
JOIN `users` u ON u.id = a.actor
WHERE a.action = 'labeling.content_notice' AND a.entity = 'calibration_set'
GROUP BY s.id, a.actor;
--> statement-breakpoint
-- SQLite cannot add a NOT NULL column without a default, so the table is rebuilt (as
-- drizzle-kit does), keeping ids. given_at is backfilled from the label's latest save in
-- the audit log (the clinician's givenAt, else the row's time), else its updated_at
-- (imported and seeded labels have no save row).
CREATE TABLE `__new_labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rater_id` text NOT NULL,
	`response_id` text NOT NULL,
	`criterion_id` text NOT NULL,
	`verdict` integer NOT NULL,
	`rationale` text,
	`given_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`rater_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_labels` (`id`, `rater_id`, `response_id`, `criterion_id`, `verdict`, `rationale`, `given_at`, `created_at`, `updated_at`)
SELECT l.id, l.rater_id, l.response_id, l.criterion_id, l.verdict, l.rationale,
	coalesce(
		(SELECT coalesce(json_extract(a.detail, '$.givenAt'), a.at) FROM `audit_log` a
			WHERE a.entity = 'label' AND a.entity_id = CAST(l.id AS TEXT) AND a.action = 'label.save'
			ORDER BY a.id DESC LIMIT 1),
		l.updated_at),
	l.created_at, l.updated_at
FROM `labels` l;
--> statement-breakpoint
DROP TABLE `labels`;--> statement-breakpoint
ALTER TABLE `__new_labels` RENAME TO `labels`;--> statement-breakpoint
CREATE UNIQUE INDEX `labels_unit_rater` ON `labels` (`rater_id`,`response_id`,`criterion_id`);--> statement-breakpoint
CREATE INDEX `labels_response` ON `labels` (`response_id`);--> statement-breakpoint
CREATE INDEX `labels_criterion` ON `labels` (`criterion_id`);
