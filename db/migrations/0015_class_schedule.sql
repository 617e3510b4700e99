CREATE TABLE `section_instructors` (
	`section_id` integer NOT NULL,
	`position` integer NOT NULL,
	`last_name` text NOT NULL,
	`first_name` text NOT NULL,
	PRIMARY KEY(`section_id`, `position`),
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `section_instructors_name` ON `section_instructors` (`last_name`);--> statement-breakpoint
CREATE TABLE `section_links` (
	`companion_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	PRIMARY KEY(`companion_id`, `section_id`),
	FOREIGN KEY (`companion_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `section_meetings` (
	`section_id` integer NOT NULL,
	`position` integer NOT NULL,
	`days` text NOT NULL,
	`start_minute` integer,
	`end_minute` integer,
	`room` text,
	`start_date` text,
	`end_date` text,
	PRIMARY KEY(`section_id`, `position`),
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`term_code` integer NOT NULL,
	`course_id` integer NOT NULL,
	`section` text NOT NULL,
	`class_number` integer,
	`enrollment` integer NOT NULL,
	`status` text NOT NULL,
	`capacity` integer,
	`enrolled` integer,
	`wait_capacity` integer,
	`waitlist` integer,
	`credits_min` real,
	`credits_max` real,
	`mode` text,
	`notes` text,
	`final_exam` integer,
	`gone` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`term_code`) REFERENCES `terms`(`code`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sections_identity` ON `sections` (`term_code`,`course_id`,`section`);--> statement-breakpoint
CREATE INDEX `sections_course` ON `sections` (`course_id`,`term_code`);--> statement-breakpoint
CREATE TABLE `terms` (
	`code` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`source` text NOT NULL,
	`imported_at` integer NOT NULL
);--> statement-breakpoint
CREATE TRIGGER `content_version_terms_insert` AFTER INSERT ON `terms` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_terms_update` AFTER UPDATE ON `terms` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_terms_delete` AFTER DELETE ON `terms` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_sections_insert` AFTER INSERT ON `sections` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_sections_update` AFTER UPDATE ON `sections` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_sections_delete` AFTER DELETE ON `sections` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_meetings_insert` AFTER INSERT ON `section_meetings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_meetings_update` AFTER UPDATE ON `section_meetings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_meetings_delete` AFTER DELETE ON `section_meetings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_instructors_insert` AFTER INSERT ON `section_instructors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_instructors_update` AFTER UPDATE ON `section_instructors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_instructors_delete` AFTER DELETE ON `section_instructors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_links_insert` AFTER INSERT ON `section_links` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_links_update` AFTER UPDATE ON `section_links` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_section_links_delete` AFTER DELETE ON `section_links` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;
