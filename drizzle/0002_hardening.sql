DROP TABLE `sign_in_failures`;--> statement-breakpoint
ALTER TABLE `users` ADD `session_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- INSERT OR REPLACE (and UPDATE OR REPLACE) resolve a conflict by deleting the old row,
-- which fires no DELETE trigger unless recursive_triggers is on (db/client.ts turns it
-- on). These checks refuse the conflicting write itself, so a sqlite3 shell without
-- that pragma cannot rewrite a decision either. Selection rules, a pre-registration,
-- become immutable too.
CREATE TRIGGER `frozen_panels_no_replace` BEFORE INSERT ON `frozen_panels`
WHEN EXISTS (SELECT 1 FROM `frozen_panels` WHERE id = NEW.id OR supersedes_id = NEW.supersedes_id)
BEGIN
	SELECT RAISE(ABORT, 'frozen panels are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_versions_published_no_replace` BEFORE INSERT ON `rubric_versions`
WHEN EXISTS (SELECT 1 FROM `rubric_versions` WHERE status = 'published'
	AND (id = NEW.id OR (NEW.status = 'published' AND item_id = NEW.item_id AND version = NEW.version)))
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_versions_published_no_replace_by_update` BEFORE UPDATE ON `rubric_versions`
WHEN NEW.status = 'published' AND EXISTS (SELECT 1 FROM `rubric_versions` WHERE status = 'published' AND id <> OLD.id
	AND (id = NEW.id OR (item_id = NEW.item_id AND version = NEW.version)))
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_criteria_published_no_replace` BEFORE INSERT ON `rubric_criteria`
WHEN EXISTS (SELECT 1 FROM `rubric_criteria` c JOIN `rubric_versions` v ON v.id = c.rubric_version_id
	WHERE c.id = NEW.id AND v.status = 'published')
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_criteria_published_no_replace_by_update` BEFORE UPDATE ON `rubric_criteria`
WHEN NEW.id <> OLD.id AND EXISTS (SELECT 1 FROM `rubric_criteria` c JOIN `rubric_versions` v ON v.id = c.rubric_version_id
	WHERE c.id = NEW.id AND v.status = 'published')
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `reference_versions_published_no_replace` BEFORE INSERT ON `reference_versions`
WHEN EXISTS (SELECT 1 FROM `reference_versions` WHERE status = 'published'
	AND (id = NEW.id OR (NEW.status = 'published' AND item_id = NEW.item_id AND version = NEW.version)))
BEGIN
	SELECT RAISE(ABORT, 'published reference versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `reference_versions_published_no_replace_by_update` BEFORE UPDATE ON `reference_versions`
WHEN NEW.status = 'published' AND EXISTS (SELECT 1 FROM `reference_versions` WHERE status = 'published' AND id <> OLD.id
	AND (id = NEW.id OR (item_id = NEW.item_id AND version = NEW.version)))
BEGIN
	SELECT RAISE(ABORT, 'published reference versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `selection_rules_no_update` BEFORE UPDATE ON `selection_rules`
BEGIN
	SELECT RAISE(ABORT, 'selection rules are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `selection_rules_no_delete` BEFORE DELETE ON `selection_rules`
BEGIN
	SELECT RAISE(ABORT, 'selection rules are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `selection_rules_no_replace` BEFORE INSERT ON `selection_rules`
WHEN EXISTS (SELECT 1 FROM `selection_rules` WHERE id = NEW.id OR set_id = NEW.set_id)
BEGIN
	SELECT RAISE(ABORT, 'selection rules are immutable');
END;
