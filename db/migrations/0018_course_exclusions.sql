CREATE TABLE `course_exclusions` (
	`course_id` integer NOT NULL,
	`position` integer NOT NULL,
	`code` text NOT NULL,
	`excluded_id` integer,
	PRIMARY KEY(`course_id`, `position`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`excluded_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `course_exclusions_excluded` ON `course_exclusions` (`excluded_id`);--> statement-breakpoint
CREATE TRIGGER `content_version_course_exclusions_insert` AFTER INSERT ON `course_exclusions` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_exclusions_update` AFTER UPDATE ON `course_exclusions` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_exclusions_delete` AFTER DELETE ON `course_exclusions` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;
