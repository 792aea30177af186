CREATE TABLE `freeze_snapshots` (
	`freeze_id` integer PRIMARY KEY NOT NULL,
	`bundle` text NOT NULL,
	`sha256` text NOT NULL,
	FOREIGN KEY (`freeze_id`) REFERENCES `frozen_panels`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TRIGGER `freeze_snapshots_no_update` BEFORE UPDATE ON `freeze_snapshots`
BEGIN
	SELECT RAISE(ABORT, 'freeze snapshots are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `freeze_snapshots_no_delete` BEFORE DELETE ON `freeze_snapshots`
BEGIN
	SELECT RAISE(ABORT, 'freeze snapshots are immutable');
END;
--> statement-breakpoint
CREATE TRIGGER `freeze_snapshots_no_replace` BEFORE INSERT ON `freeze_snapshots`
WHEN EXISTS (SELECT 1 FROM `freeze_snapshots` WHERE freeze_id = NEW.freeze_id)
BEGIN
	SELECT RAISE(ABORT, 'freeze snapshots are immutable');
END;
