CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`at` integer NOT NULL,
	`action` text NOT NULL,
	`entity` text NOT NULL,
	`entity_id` text,
	`detail` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity` ON `audit_log` (`entity`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_log_at` ON `audit_log` (`at`);--> statement-breakpoint
CREATE TABLE `calibration_queue` (
	`set_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`response_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`set_id`, `user_id`, `response_id`),
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calibration_queue_order` ON `calibration_queue` (`set_id`,`user_id`,`position`);--> statement-breakpoint
CREATE INDEX `calibration_queue_user` ON `calibration_queue` (`user_id`);--> statement-breakpoint
CREATE TABLE `calibration_set_clinicians` (
	`set_id` integer NOT NULL,
	`user_id` text NOT NULL,
	PRIMARY KEY(`set_id`, `user_id`),
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `calibration_set_clinicians_user` ON `calibration_set_clinicians` (`user_id`);--> statement-breakpoint
CREATE TABLE `calibration_set_items` (
	`set_id` integer NOT NULL,
	`item_id` text NOT NULL,
	`rubric_version_id` integer NOT NULL,
	PRIMARY KEY(`set_id`, `item_id`),
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rubric_version_id`) REFERENCES `rubric_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `calibration_set_responses` (
	`set_id` integer NOT NULL,
	`response_id` text NOT NULL,
	PRIMARY KEY(`set_id`, `response_id`),
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `calibration_set_responses_response` ON `calibration_set_responses` (`response_id`);--> statement-breakpoint
CREATE TABLE `calibration_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`seed` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`closed_at` integer,
	CONSTRAINT "calibration_sets_status" CHECK("calibration_sets"."status" IN ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE `criteria` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `criteria_item` ON `criteria` (`item_id`);--> statement-breakpoint
CREATE TABLE `frozen_panels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`set_id` integer NOT NULL,
	`judges` text NOT NULL,
	`panel_size` integer NOT NULL,
	`figures` text NOT NULL,
	`rank` integer NOT NULL,
	`rubric_versions` text NOT NULL,
	`fingerprint` text NOT NULL,
	`rule` text,
	`rationale` text NOT NULL,
	`supersedes_id` integer,
	`supersede_reason` text,
	`frozen_by` text NOT NULL,
	`frozen_at` integer NOT NULL,
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`supersedes_id`) REFERENCES `frozen_panels`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `frozen_panels_set` ON `frozen_panels` (`set_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `frozen_panels_supersedes` ON `frozen_panels` (`supersedes_id`);--> statement-breakpoint
CREATE TABLE `items` (
	`id` text PRIMARY KEY NOT NULL,
	`subcategory` text NOT NULL,
	`age` text NOT NULL,
	`intent` text NOT NULL,
	`stage` text NOT NULL,
	`directness` text NOT NULL,
	`split` text NOT NULL,
	`user_turns` text NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `items_subcategory` ON `items` (`subcategory`);--> statement-breakpoint
CREATE INDEX `items_split` ON `items` (`split`);--> statement-breakpoint
CREATE TABLE `judge_verdicts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`judge` text NOT NULL,
	`response_id` text NOT NULL,
	`criterion_id` text NOT NULL,
	`verdict` integer,
	`rationale` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `judge_verdicts_unit_judge` ON `judge_verdicts` (`judge`,`response_id`,`criterion_id`);--> statement-breakpoint
CREATE INDEX `judge_verdicts_response` ON `judge_verdicts` (`response_id`);--> statement-breakpoint
CREATE INDEX `judge_verdicts_criterion` ON `judge_verdicts` (`criterion_id`);--> statement-breakpoint
CREATE TABLE `labels` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rater_id` text NOT NULL,
	`response_id` text NOT NULL,
	`criterion_id` text NOT NULL,
	`verdict` integer NOT NULL,
	`rationale` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`rater_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `labels_unit_rater` ON `labels` (`rater_id`,`response_id`,`criterion_id`);--> statement-breakpoint
CREATE INDEX `labels_response` ON `labels` (`response_id`);--> statement-breakpoint
CREATE INDEX `labels_criterion` ON `labels` (`criterion_id`);--> statement-breakpoint
CREATE TABLE `reference_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` text NOT NULL,
	`version` integer NOT NULL,
	`status` text NOT NULL,
	`author` text NOT NULL,
	`change_note` text,
	`base_version` integer,
	`created_at` integer NOT NULL,
	`published_at` integer,
	`text` text NOT NULL,
	`rubric_version` integer,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reference_versions_status" CHECK("reference_versions"."status" IN ('draft', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reference_versions_published` ON `reference_versions` (`item_id`,`version`) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX `reference_versions_item` ON `reference_versions` (`item_id`);--> statement-breakpoint
CREATE TABLE `responses` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`model` text NOT NULL,
	`run` integer DEFAULT 1 NOT NULL,
	`assistant_turns` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `responses_item` ON `responses` (`item_id`);--> statement-breakpoint
CREATE INDEX `responses_model` ON `responses` (`model`);--> statement-breakpoint
CREATE TABLE `rubric_criteria` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`rubric_version_id` integer NOT NULL,
	`criterion_id` text NOT NULL,
	`position` integer NOT NULL,
	`dimension` text NOT NULL,
	`weight` integer NOT NULL,
	`text` text NOT NULL,
	`provenance` text NOT NULL,
	`kept_as_drafted` integer,
	FOREIGN KEY (`rubric_version_id`) REFERENCES `rubric_versions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "rubric_criteria_weight" CHECK("rubric_criteria"."weight" BETWEEN 1 AND 20),
	CONSTRAINT "rubric_criteria_provenance" CHECK("rubric_criteria"."provenance" IN ('model', 'person'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rubric_criteria_version_criterion` ON `rubric_criteria` (`rubric_version_id`,`criterion_id`);--> statement-breakpoint
CREATE INDEX `rubric_criteria_criterion` ON `rubric_criteria` (`criterion_id`);--> statement-breakpoint
CREATE TABLE `rubric_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` text NOT NULL,
	`version` integer NOT NULL,
	`status` text NOT NULL,
	`author` text NOT NULL,
	`change_note` text,
	`base_version` integer,
	`created_at` integer NOT NULL,
	`published_at` integer,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "rubric_versions_status" CHECK("rubric_versions"."status" IN ('draft', 'published'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rubric_versions_published` ON `rubric_versions` (`item_id`,`version`) WHERE status = 'published';--> statement-breakpoint
CREATE INDEX `rubric_versions_item` ON `rubric_versions` (`item_id`);--> statement-breakpoint
CREATE TABLE `selection_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`set_id` integer NOT NULL,
	`rule` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`set_id`) REFERENCES `calibration_sets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `selection_rules_set_id_unique` ON `selection_rules` (`set_id`);--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_failures_email_at` ON `sign_in_failures` (`email`,`at`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_roles_role" CHECK("user_roles"."role" IN ('clinician', 'author', 'lead'))
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`name` text NOT NULL,
	`password_hash` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);