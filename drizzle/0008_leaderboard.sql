CREATE TABLE `change_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`n` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `reference_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`item_id` text NOT NULL,
	`reference_version_id` integer NOT NULL,
	`filled_from` text,
	`assistant_turns` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`item_id`) REFERENCES `items`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reference_version_id`) REFERENCES `reference_versions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`filled_from`) REFERENCES `responses`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reference_responses_source` ON `reference_responses` (`reference_version_id`,`filled_from`);--> statement-breakpoint
CREATE INDEX `reference_responses_item` ON `reference_responses` (`item_id`);--> statement-breakpoint
CREATE TABLE `reference_verdicts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`judge` text NOT NULL,
	`reference_id` text NOT NULL,
	`criterion_id` text NOT NULL,
	`verdict` integer,
	`rationale` text,
	`rubric_version_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`reference_id`) REFERENCES `reference_responses`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`criterion_id`) REFERENCES `criteria`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`rubric_version_id`) REFERENCES `rubric_versions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reference_verdicts_unit_judge` ON `reference_verdicts` (`judge`,`reference_id`,`criterion_id`,`rubric_version_id`);--> statement-breakpoint
ALTER TABLE `run_calls` ADD `reference_id` text;
--> statement-breakpoint
-- Change counters (db/schema.ts changeCounters): each write to what a grading reads bumps its key.
CREATE TRIGGER `judge_verdicts_count_insert` AFTER INSERT ON `judge_verdicts`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('v:' || NEW.judge || ':' || NEW.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `judge_verdicts_count_update` AFTER UPDATE ON `judge_verdicts`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('v:' || OLD.judge || ':' || OLD.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('v:' || NEW.judge || ':' || NEW.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `judge_verdicts_count_delete` AFTER DELETE ON `judge_verdicts`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('v:' || OLD.judge || ':' || OLD.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reference_verdicts_count_insert` AFTER INSERT ON `reference_verdicts`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('v:' || NEW.judge || ':' || NEW.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reference_verdicts_count_update` AFTER UPDATE ON `reference_verdicts`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('v:' || OLD.judge || ':' || OLD.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('v:' || NEW.judge || ':' || NEW.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reference_verdicts_count_delete` AFTER DELETE ON `reference_verdicts`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('v:' || OLD.judge || ':' || OLD.rubric_version_id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `responses_count_insert` AFTER INSERT ON `responses`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('r:' || NEW.model, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `responses_count_update` AFTER UPDATE ON `responses`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('r:' || OLD.model, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('r:' || NEW.model, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `responses_count_delete` AFTER DELETE ON `responses`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('r:' || OLD.model, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `runs_count_insert` AFTER INSERT ON `runs`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('run:' || NEW.id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `runs_count_update` AFTER UPDATE ON `runs`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('run:' || OLD.id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('run:' || NEW.id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `runs_count_delete` AFTER DELETE ON `runs`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('run:' || OLD.id, 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `items_count_insert` AFTER INSERT ON `items`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('items', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `items_count_update` AFTER UPDATE ON `items`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('items', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('items', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `items_count_delete` AFTER DELETE ON `items`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('items', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `descriptions_count_insert` AFTER INSERT ON `descriptions`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('descriptions', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `descriptions_count_update` AFTER UPDATE ON `descriptions`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('descriptions', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('descriptions', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `descriptions_count_delete` AFTER DELETE ON `descriptions`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('descriptions', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `judges_count_insert` AFTER INSERT ON `judges`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('judges', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `judges_count_update` AFTER UPDATE ON `judges`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('judges', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('judges', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `judges_count_delete` AFTER DELETE ON `judges`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('judges', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `target_models_count_insert` AFTER INSERT ON `target_models`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('target_models', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `target_models_count_update` AFTER UPDATE ON `target_models`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('target_models', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('target_models', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `target_models_count_delete` AFTER DELETE ON `target_models`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('target_models', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `endpoints_count_insert` AFTER INSERT ON `endpoints`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('endpoints', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `endpoints_count_update` AFTER UPDATE ON `endpoints`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('endpoints', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('endpoints', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `endpoints_count_delete` AFTER DELETE ON `endpoints`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('endpoints', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reference_responses_count_insert` AFTER INSERT ON `reference_responses`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('reference_responses', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reference_responses_count_update` AFTER UPDATE ON `reference_responses`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('reference_responses', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
	INSERT INTO change_counters (key, n) VALUES ('reference_responses', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `reference_responses_count_delete` AFTER DELETE ON `reference_responses`
BEGIN
	INSERT INTO change_counters (key, n) VALUES ('reference_responses', 1) ON CONFLICT (key) DO UPDATE SET n = n + 1;
END;
