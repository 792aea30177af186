CREATE TABLE `descriptions` (
	`kind` text NOT NULL,
	`id` text NOT NULL,
	`family` text,
	`name` text,
	`model` text,
	`settings` text,
	PRIMARY KEY(`kind`, `id`),
	CONSTRAINT "descriptions_kind" CHECK("descriptions"."kind" IN ('model', 'judge'))
);
--> statement-breakpoint
CREATE TABLE `endpoints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`base_url` text NOT NULL,
	`api_key_env` text,
	`max_concurrency` integer DEFAULT 4 NOT NULL,
	`requests_per_minute` integer,
	`timeout_ms` integer DEFAULT 60000 NOT NULL,
	`price_input_per_m` real,
	`price_output_per_m` real,
	`response_format` text DEFAULT 'json_schema' NOT NULL,
	`simulated` integer DEFAULT false NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "endpoints_response_format" CHECK("endpoints"."response_format" IN ('json_schema', 'json_object', 'text')),
	CONSTRAINT "endpoints_concurrency" CHECK("endpoints"."max_concurrency" BETWEEN 1 AND 1024)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `endpoints_name_unique` ON `endpoints` (`name`);--> statement-breakpoint
CREATE TABLE `judges` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` integer NOT NULL,
	`model` text NOT NULL,
	`family` text,
	`temperature` real DEFAULT 0 NOT NULL,
	`max_tokens` integer NOT NULL,
	`seed` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`prompt_template_id` integer NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `endpoints`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`prompt_template_id`) REFERENCES `prompt_templates`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `prompt_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`sha256` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `prompt_templates_name_version` ON `prompt_templates` (`name`,`version`);--> statement-breakpoint
CREATE TABLE `run_calls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor` text NOT NULL,
	`endpoint_id` integer NOT NULL,
	`key` text NOT NULL,
	`response_id` text,
	`criterion_id` text,
	`rubric_version_id` integer,
	`item_id` text,
	`run_number` integer,
	`status` text DEFAULT 'pending' NOT NULL,
	`model` text NOT NULL,
	`template_hash` text,
	`request_hash` text,
	`raw` text,
	`parsed` text,
	`tokens_in` integer DEFAULT 0 NOT NULL,
	`tokens_out` integer DEFAULT 0 NOT NULL,
	`latency_ms` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `runs`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`endpoint_id`) REFERENCES `endpoints`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "run_calls_status" CHECK("run_calls"."status" IN ('pending', 'running', 'done', 'missing', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `run_calls_key` ON `run_calls` (`run_id`,`key`);--> statement-breakpoint
CREATE INDEX `run_calls_run_status` ON `run_calls` (`run_id`,`status`);--> statement-breakpoint
CREATE INDEX `run_calls_pending` ON `run_calls` (`status`,`run_id`,`endpoint_id`,`id`);--> statement-breakpoint
CREATE TABLE `run_worker` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`status_note` text,
	`spec` text NOT NULL,
	`estimate` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	CONSTRAINT "runs_kind" CHECK("runs"."kind" IN ('judge', 'respond', 'grade')),
	CONSTRAINT "runs_status" CHECK("runs"."status" IN ('running', 'paused', 'cancelled', 'done'))
);
--> statement-breakpoint
CREATE TABLE `target_models` (
	`id` text PRIMARY KEY NOT NULL,
	`endpoint_id` integer NOT NULL,
	`model` text NOT NULL,
	`family` text,
	`temperature` real DEFAULT 0 NOT NULL,
	`max_tokens` integer NOT NULL,
	`seed` integer,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`system_prompt` text NOT NULL,
	FOREIGN KEY (`endpoint_id`) REFERENCES `endpoints`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `__new_judge_verdicts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`judge` text NOT NULL,
	`response_id` text NOT NULL,
	`criterion_id` text NOT NULL,
	`verdict` integer,
	`rationale` text,
	`rubric_version_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`response_id`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rubric_version_id`) REFERENCES `rubric_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- Every verdict so far is taken to be on the version a calibration set holding its
-- response pinned (the first such set), else on the newest published version with
-- its criterion: the demo's verdicts stay in the demo set.
INSERT INTO `__new_judge_verdicts` (`id`, `judge`, `response_id`, `criterion_id`, `verdict`, `rationale`, `rubric_version_id`, `created_at`)
SELECT jv.id, jv.judge, jv.response_id, jv.criterion_id, jv.verdict, jv.rationale,
  COALESCE(
    (SELECT csi.rubric_version_id FROM calibration_set_responses csr
      JOIN responses r ON r.id = csr.response_id
      JOIN calibration_set_items csi ON csi.set_id = csr.set_id AND csi.item_id = r.item_id
      JOIN rubric_criteria rc ON rc.rubric_version_id = csi.rubric_version_id AND rc.criterion_id = jv.criterion_id
      WHERE csr.response_id = jv.response_id ORDER BY csr.set_id LIMIT 1),
    (SELECT rv.id FROM rubric_versions rv JOIN rubric_criteria rc ON rc.rubric_version_id = rv.id
      WHERE rc.criterion_id = jv.criterion_id AND rv.status = 'published' ORDER BY rv.version DESC LIMIT 1),
    (SELECT rc.rubric_version_id FROM rubric_criteria rc WHERE rc.criterion_id = jv.criterion_id ORDER BY rc.rubric_version_id DESC LIMIT 1)
  ),
  jv.created_at
FROM `judge_verdicts` jv;
--> statement-breakpoint
DROP TABLE `judge_verdicts`;--> statement-breakpoint
ALTER TABLE `__new_judge_verdicts` RENAME TO `judge_verdicts`;--> statement-breakpoint
CREATE UNIQUE INDEX `judge_verdicts_unit_judge` ON `judge_verdicts` (`judge`,`response_id`,`criterion_id`,`rubric_version_id`);--> statement-breakpoint
CREATE INDEX `judge_verdicts_response` ON `judge_verdicts` (`response_id`);--> statement-breakpoint
CREATE INDEX `judge_verdicts_criterion` ON `judge_verdicts` (`criterion_id`);--> statement-breakpoint
ALTER TABLE `frozen_panels` ADD `judge_settings` text;--> statement-breakpoint
CREATE TRIGGER `prompt_templates_no_update` BEFORE UPDATE ON `prompt_templates`
BEGIN SELECT RAISE(ABORT, 'a prompt template version cannot be changed; write a new version'); END;--> statement-breakpoint
CREATE TRIGGER `prompt_templates_no_delete` BEFORE DELETE ON `prompt_templates`
BEGIN SELECT RAISE(ABORT, 'a prompt template version cannot be deleted'); END;
