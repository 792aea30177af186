CREATE TABLE `vera_answers` (
	`study_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`question_id` text NOT NULL,
	`answer` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`study_id`, `user_id`, `conversation_id`, `question_id`),
	FOREIGN KEY (`study_id`) REFERENCES `vera_studies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`conversation_id`) REFERENCES `vera_conversations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `vera_assignments` (
	`study_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`study_id`, `user_id`, `conversation_id`),
	FOREIGN KEY (`study_id`) REFERENCES `vera_studies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`conversation_id`) REFERENCES `vera_conversations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vera_assignments_order` ON `vera_assignments` (`study_id`,`user_id`,`position`);--> statement-breakpoint
CREATE TABLE `vera_conversations` (
	`id` text PRIMARY KEY NOT NULL,
	`file_name` text NOT NULL,
	`persona` text,
	`user_model` text,
	`provider_model` text,
	`risk_level` text,
	`turns` text NOT NULL,
	`end_marker` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `vera_judge_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` text NOT NULL,
	`file_name` text NOT NULL,
	`run_id` text NOT NULL,
	`judge_model` text NOT NULL,
	`judge_instance` text NOT NULL,
	`judge_id` text NOT NULL,
	`dimension` text NOT NULL,
	`category` integer NOT NULL,
	`yes_question_id` text,
	`reasoning` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vera_judge_results_unit` ON `vera_judge_results` (`run_id`,`judge_model`,`judge_instance`,`conversation_id`,`dimension`);--> statement-breakpoint
CREATE TABLE `vera_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`study_id` integer NOT NULL,
	`rater` text NOT NULL,
	`conversation_id` text NOT NULL,
	`dimension` integer NOT NULL,
	`category` integer NOT NULL,
	`first_failure` text,
	`source` text NOT NULL,
	`provider_model` text,
	`risk_level` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`study_id`) REFERENCES `vera_studies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "vera_ratings_category" CHECK("vera_ratings"."category" BETWEEN 0 AND 3)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vera_ratings_unit_rater` ON `vera_ratings` (`study_id`,`rater`,`conversation_id`,`dimension`);--> statement-breakpoint
CREATE TABLE `vera_rubrics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`source` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vera_rubrics_version` ON `vera_rubrics` (`name`,`version`);--> statement-breakpoint
CREATE TABLE `vera_studies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`rubric_id` integer NOT NULL,
	`mode` text NOT NULL,
	`seed` integer NOT NULL,
	`per_conversation` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`rubric_id`) REFERENCES `vera_rubrics`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "vera_studies_mode" CHECK("vera_studies"."mode" IN ('direct', 'guided'))
);
--> statement-breakpoint
CREATE TABLE `vera_study_clinicians` (
	`study_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`notice_at` integer,
	PRIMARY KEY(`study_id`, `user_id`),
	FOREIGN KEY (`study_id`) REFERENCES `vera_studies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vera_study_clinicians_user` ON `vera_study_clinicians` (`user_id`);--> statement-breakpoint
CREATE TRIGGER `vera_rubrics_no_update` BEFORE UPDATE ON `vera_rubrics`
BEGIN
	SELECT RAISE(ABORT, 'flow rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `vera_rubrics_no_delete` BEFORE DELETE ON `vera_rubrics`
BEGIN
	SELECT RAISE(ABORT, 'flow rubric versions are immutable');
END;
