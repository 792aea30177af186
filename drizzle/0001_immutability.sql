-- Immutability at the database: published rubric versions (and their criteria),
-- published reference versions and frozen panels can never be changed or deleted,
-- whatever code runs against the file. A draft becomes published by one UPDATE of
-- its status; from then on it is read-only.
CREATE TRIGGER `frozen_panels_no_update` BEFORE UPDATE ON `frozen_panels`
BEGIN
	SELECT RAISE(ABORT, 'frozen panels are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `frozen_panels_no_delete` BEFORE DELETE ON `frozen_panels`
BEGIN
	SELECT RAISE(ABORT, 'frozen panels are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_versions_published_no_update` BEFORE UPDATE ON `rubric_versions`
WHEN OLD.status = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_versions_published_no_delete` BEFORE DELETE ON `rubric_versions`
WHEN OLD.status = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_criteria_published_no_insert` BEFORE INSERT ON `rubric_criteria`
WHEN (SELECT status FROM rubric_versions WHERE id = NEW.rubric_version_id) = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_criteria_published_no_update` BEFORE UPDATE ON `rubric_criteria`
WHEN (SELECT status FROM rubric_versions WHERE id = OLD.rubric_version_id) = 'published'
	OR (SELECT status FROM rubric_versions WHERE id = NEW.rubric_version_id) = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `rubric_criteria_published_no_delete` BEFORE DELETE ON `rubric_criteria`
WHEN (SELECT status FROM rubric_versions WHERE id = OLD.rubric_version_id) = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published rubric versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `reference_versions_published_no_update` BEFORE UPDATE ON `reference_versions`
WHEN OLD.status = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published reference versions are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `reference_versions_published_no_delete` BEFORE DELETE ON `reference_versions`
WHEN OLD.status = 'published'
BEGIN
	SELECT RAISE(ABORT, 'published reference versions are immutable');
END;
