CREATE TABLE `vera_persona_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`version` integer NOT NULL,
	`template` text NOT NULL,
	`personas` text NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vera_persona_sets_version` ON `vera_persona_sets` (`name`,`version`);--> statement-breakpoint
-- run_calls references runs: the rows are copied aside, the table is made again with the new CHECK and the rows
-- put back; the references are checked at commit, when every run is there again.
PRAGMA defer_foreign_keys = ON;--> statement-breakpoint
CREATE TABLE `__old_runs` AS SELECT * FROM `runs`;--> statement-breakpoint
DROP TABLE `runs`;--> statement-breakpoint
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
	CONSTRAINT "runs_kind" CHECK("runs"."kind" IN ('judge', 'respond', 'grade', 'flow_judge', 'simulate')),
	CONSTRAINT "runs_status" CHECK("runs"."status" IN ('running', 'paused', 'cancelled', 'done'))
);
--> statement-breakpoint
INSERT INTO `runs`("id", "kind", "title", "status", "status_note", "spec", "estimate", "created_by", "created_at", "finished_at") SELECT "id", "kind", "title", "status", "status_note", "spec", "estimate", "created_by", "created_at", "finished_at" FROM `__old_runs`;--> statement-breakpoint
DROP TABLE `__old_runs`;--> statement-breakpoint
ALTER TABLE `run_calls` ADD `conversation_id` text;--> statement-breakpoint
ALTER TABLE `run_calls` ADD `question_id` text;--> statement-breakpoint
ALTER TABLE `run_calls` ADD `persona` text;--> statement-breakpoint
ALTER TABLE `run_calls` ADD `partner` text;--> statement-breakpoint
ALTER TABLE `run_calls` ADD `turn` integer;--> statement-breakpoint
-- Dropping runs dropped the change counters' triggers of 0008_leaderboard on it: made again as they were.
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
