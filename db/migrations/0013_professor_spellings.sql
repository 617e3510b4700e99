CREATE TABLE `professor_spellings` (
	`teacher_key` text NOT NULL,
	`teacher_name` text NOT NULL,
	`uses` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `professor_spellings_name` ON `professor_spellings` (`teacher_key`,`teacher_name`);--> statement-breakpoint
INSERT INTO `professor_spellings` (`teacher_key`, `teacher_name`, `uses`)
	SELECT `teacher_key`, `teacher_name`, count(*) FROM `reviews` WHERE `hidden` = 0 GROUP BY `teacher_key`, `teacher_name`;--> statement-breakpoint
CREATE TRIGGER `professor_spellings_review_insert` AFTER INSERT ON `reviews` WHEN NEW.`hidden` = 0 BEGIN
	INSERT INTO `professor_spellings` (`teacher_key`, `teacher_name`, `uses`) VALUES (NEW.`teacher_key`, NEW.`teacher_name`, 1)
		ON CONFLICT (`teacher_key`, `teacher_name`) DO UPDATE SET `uses` = `uses` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `professor_spellings_review_delete` AFTER DELETE ON `reviews` WHEN OLD.`hidden` = 0 BEGIN
	UPDATE `professor_spellings` SET `uses` = `uses` - 1 WHERE `teacher_key` = OLD.`teacher_key` AND `teacher_name` = OLD.`teacher_name`;
	DELETE FROM `professor_spellings` WHERE `teacher_key` = OLD.`teacher_key` AND `teacher_name` = OLD.`teacher_name` AND `uses` <= 0;
END;--> statement-breakpoint
CREATE TRIGGER `professor_spellings_review_update` AFTER UPDATE OF `teacher_key`, `teacher_name`, `hidden` ON `reviews` BEGIN
	UPDATE `professor_spellings` SET `uses` = `uses` - 1
		WHERE OLD.`hidden` = 0 AND `teacher_key` = OLD.`teacher_key` AND `teacher_name` = OLD.`teacher_name`;
	DELETE FROM `professor_spellings` WHERE `teacher_key` = OLD.`teacher_key` AND `teacher_name` = OLD.`teacher_name` AND `uses` <= 0;
	INSERT INTO `professor_spellings` (`teacher_key`, `teacher_name`, `uses`) SELECT NEW.`teacher_key`, NEW.`teacher_name`, 1 WHERE NEW.`hidden` = 0
		ON CONFLICT (`teacher_key`, `teacher_name`) DO UPDATE SET `uses` = `uses` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_professor_spellings_insert` AFTER INSERT ON `professor_spellings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_professor_spellings_update` AFTER UPDATE ON `professor_spellings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_professor_spellings_delete` AFTER DELETE ON `professor_spellings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;
