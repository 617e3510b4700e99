CREATE TABLE `schedule_sections` (
	`schedule_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	PRIMARY KEY(`schedule_id`, `section_id`),
	FOREIGN KEY (`schedule_id`) REFERENCES `schedules`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedule_sections_course` ON `schedule_sections` (`schedule_id`,`course_id`);--> statement-breakpoint
CREATE TABLE `schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`term_code` integer NOT NULL,
	`name` text NOT NULL,
	`share_token` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`term_code`) REFERENCES `terms`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `schedules_user_term_name` ON `schedules` (`user_id`,`term_code`,`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `schedules_share_token` ON `schedules` (`share_token`);