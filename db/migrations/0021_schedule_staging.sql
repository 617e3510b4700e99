CREATE TABLE `schedule_staging` (
	`import_id` text NOT NULL,
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
	`meetings` text NOT NULL,
	`instructors` text NOT NULL,
	`lectures` text NOT NULL,
	`section_id` integer,
	`meetings_changed` integer,
	`instructors_changed` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`import_id`, `term_code`, `course_id`, `section`)
);
--> statement-breakpoint
CREATE INDEX `schedule_staging_section` ON `schedule_staging` (`import_id`,`section_id`);