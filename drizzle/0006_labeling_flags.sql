CREATE TABLE `labeling_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`set_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`response_id` text NOT NULL,
	`criterion_id` text,
	`kind` text NOT NULL,
	`reason` text,
	`comment` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "labeling_flags_shape" CHECK(("labeling_flags"."kind" = 'skip' AND "labeling_flags"."criterion_id" IS NULL AND "labeling_flags"."reason" IN ('too_distressing', 'cannot_judge'))
        OR ("labeling_flags"."kind" = 'ambiguous' AND "labeling_flags"."criterion_id" IS NOT NULL AND "labeling_flags"."reason" IS NULL AND "labeling_flags"."comment" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labeling_flags_skip` ON `labeling_flags` (`set_id`,`user_id`,`response_id`) WHERE "labeling_flags"."kind" = 'skip';--> statement-breakpoint
CREATE UNIQUE INDEX `labeling_flags_ambiguous` ON `labeling_flags` (`set_id`,`user_id`,`response_id`,`criterion_id`) WHERE "labeling_flags"."kind" = 'ambiguous';--> statement-breakpoint
CREATE INDEX `labeling_flags_response` ON `labeling_flags` (`response_id`);