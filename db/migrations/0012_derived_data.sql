CREATE TABLE `derived_data` (
	`key` text PRIMARY KEY NOT NULL,
	`format` text NOT NULL,
	`built_for` integer NOT NULL,
	`data` blob NOT NULL
);
--> statement-breakpoint
INSERT INTO `app_settings` (`key`, `value`) VALUES ('descriptions_version', '1') ON CONFLICT (`key`) DO NOTHING;--> statement-breakpoint
CREATE TRIGGER `course_description_insert` AFTER INSERT ON `course_texts` WHEN NEW.`description` IS NOT NULL BEGIN
	INSERT INTO `app_settings` (`key`, `value`) VALUES ('descriptions_version', '1') ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
	INSERT INTO `app_settings` (`key`, `value`) VALUES ('catalog_version', '1') ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
END;--> statement-breakpoint
CREATE TRIGGER `course_description_update` AFTER UPDATE OF `description` ON `course_texts` WHEN OLD.`description` IS NOT NEW.`description` BEGIN
	INSERT INTO `app_settings` (`key`, `value`) VALUES ('descriptions_version', '1') ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
	INSERT INTO `app_settings` (`key`, `value`) VALUES ('catalog_version', '1') ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
END;--> statement-breakpoint
CREATE TRIGGER `course_description_delete` AFTER DELETE ON `course_texts` WHEN OLD.`description` IS NOT NULL BEGIN
	INSERT INTO `app_settings` (`key`, `value`) VALUES ('descriptions_version', '1') ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
	INSERT INTO `app_settings` (`key`, `value`) VALUES ('catalog_version', '1') ON CONFLICT (`key`) DO UPDATE SET `value` = CAST(CAST(`value` AS INTEGER) + 1 AS TEXT);
END;
