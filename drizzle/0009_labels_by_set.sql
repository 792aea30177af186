DROP INDEX `labels_unit_rater`;--> statement-breakpoint
ALTER TABLE `labels` ADD `set_id` integer REFERENCES calibration_sets(id) ON DELETE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX `labels_set_unit_rater` ON `labels` (`set_id`,`rater_id`,`response_id`,`criterion_id`) WHERE "labels"."set_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `labels_set_rater` ON `labels` (`set_id`,`rater_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `labels_unit_rater` ON `labels` (`rater_id`,`response_id`,`criterion_id`) WHERE "labels"."set_id" IS NULL;--> statement-breakpoint
-- Each existing label goes to the set(s) it belongs to: every set whose units hold its
-- response and criterion (a response of the set, a criterion of the rubric version the
-- set pinned for its item) and whose clinicians include its rater. Where several sets
-- hold it, the label is copied into each (same verdict, rationale and times), so no set
-- loses a label it counted before; the row itself (and its id, which the audit log
-- names) goes to the first of them. A label no set holds stays set-less (set_id NULL).
INSERT INTO `labels` (`set_id`, `rater_id`, `response_id`, `criterion_id`, `verdict`, `rationale`, `given_at`, `created_at`, `updated_at`)
SELECT h.set_id, l.rater_id, l.response_id, l.criterion_id, l.verdict, l.rationale, l.given_at, l.created_at, l.updated_at
FROM `labels` l
JOIN (
  SELECT sr.set_id AS set_id, sr.response_id AS response_id, rc.criterion_id AS criterion_id, sc.user_id AS rater_id
  FROM `calibration_set_responses` sr
  JOIN `responses` r ON r.id = sr.response_id
  JOIN `calibration_set_items` si ON si.set_id = sr.set_id AND si.item_id = r.item_id
  JOIN `rubric_criteria` rc ON rc.rubric_version_id = si.rubric_version_id
  JOIN `calibration_set_clinicians` sc ON sc.set_id = sr.set_id
) h ON h.response_id = l.response_id AND h.criterion_id = l.criterion_id AND h.rater_id = l.rater_id
WHERE l.set_id IS NULL
  AND h.set_id > (
    SELECT min(sr.set_id) FROM `calibration_set_responses` sr
    JOIN `responses` r ON r.id = sr.response_id
    JOIN `calibration_set_items` si ON si.set_id = sr.set_id AND si.item_id = r.item_id
    JOIN `rubric_criteria` rc ON rc.rubric_version_id = si.rubric_version_id AND rc.criterion_id = l.criterion_id
    JOIN `calibration_set_clinicians` sc ON sc.set_id = sr.set_id AND sc.user_id = l.rater_id
    WHERE sr.response_id = l.response_id
  );
--> statement-breakpoint
UPDATE `labels` SET `set_id` = (
  SELECT min(sr.set_id) FROM `calibration_set_responses` sr
  JOIN `responses` r ON r.id = sr.response_id
  JOIN `calibration_set_items` si ON si.set_id = sr.set_id AND si.item_id = r.item_id
  JOIN `rubric_criteria` rc ON rc.rubric_version_id = si.rubric_version_id AND rc.criterion_id = `labels`.`criterion_id`
  JOIN `calibration_set_clinicians` sc ON sc.set_id = sr.set_id AND sc.user_id = `labels`.`rater_id`
  WHERE sr.response_id = `labels`.`response_id`
)
WHERE `set_id` IS NULL;
