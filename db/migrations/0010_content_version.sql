CREATE TABLE `content_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);--> statement-breakpoint
INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1);--> statement-breakpoint
CREATE TRIGGER `content_version_app_settings_insert` AFTER INSERT ON `app_settings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_app_settings_update` AFTER UPDATE ON `app_settings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_app_settings_delete` AFTER DELETE ON `app_settings` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_colleges_insert` AFTER INSERT ON `colleges` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_colleges_update` AFTER UPDATE ON `colleges` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_colleges_delete` AFTER DELETE ON `colleges` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_departments_insert` AFTER INSERT ON `departments` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_departments_update` AFTER UPDATE ON `departments` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_departments_delete` AFTER DELETE ON `departments` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_majors_insert` AFTER INSERT ON `majors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_majors_update` AFTER UPDATE ON `majors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_majors_delete` AFTER DELETE ON `majors` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_hub_areas_insert` AFTER INSERT ON `hub_areas` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_hub_areas_update` AFTER UPDATE ON `hub_areas` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_hub_areas_delete` AFTER DELETE ON `hub_areas` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_courses_insert` AFTER INSERT ON `courses` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_courses_update` AFTER UPDATE ON `courses` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_courses_delete` AFTER DELETE ON `courses` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_texts_insert` AFTER INSERT ON `course_texts` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_texts_update` AFTER UPDATE ON `course_texts` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_texts_delete` AFTER DELETE ON `course_texts` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_prerequisites_insert` AFTER INSERT ON `course_prerequisites` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_prerequisites_update` AFTER UPDATE ON `course_prerequisites` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_prerequisites_delete` AFTER DELETE ON `course_prerequisites` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_hub_units_insert` AFTER INSERT ON `course_hub_units` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_hub_units_update` AFTER UPDATE ON `course_hub_units` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_course_hub_units_delete` AFTER DELETE ON `course_hub_units` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_reviews_insert` AFTER INSERT ON `reviews` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_reviews_update` AFTER UPDATE ON `reviews` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_reviews_delete` AFTER DELETE ON `reviews` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_review_votes_insert` AFTER INSERT ON `review_votes` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_review_votes_update` AFTER UPDATE ON `review_votes` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_review_votes_delete` AFTER DELETE ON `review_votes` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_review_reports_insert` AFTER INSERT ON `review_reports` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_review_reports_update` AFTER UPDATE ON `review_reports` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `content_version_review_reports_delete` AFTER DELETE ON `review_reports` BEGIN
	INSERT INTO `content_version` (`id`, `value`) VALUES (1, 1) ON CONFLICT (`id`) DO UPDATE SET `value` = `value` + 1;
END;