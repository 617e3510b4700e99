CREATE TABLE `instructor_names` (
	`course_id` integer NOT NULL,
	`name_key` text NOT NULL,
	`teacher_key` text NOT NULL,
	PRIMARY KEY(`course_id`, `name_key`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `instructor_names_by_key` ON `instructor_names` (`teacher_key`);--> statement-breakpoint
CREATE TABLE `instructors` (
	`key` text PRIMARY KEY NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `reviews` ADD `name_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `reviews_by_name_key` ON `reviews` (`name_key`,`hidden`);--> statement-breakpoint
UPDATE `reviews` SET `name_key` = `teacher_key`;--> statement-breakpoint
CREATE TRIGGER `content_version_instructors_insert` AFTER INSERT ON `instructors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_instructors_update` AFTER UPDATE ON `instructors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_instructors_delete` AFTER DELETE ON `instructors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_instructor_names_insert` AFTER INSERT ON `instructor_names` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_instructor_names_update` AFTER UPDATE ON `instructor_names` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_instructor_names_delete` AFTER DELETE ON `instructor_names` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;
