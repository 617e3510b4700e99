CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `auth_codes` (
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`email` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `purpose`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `colleges` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `completed_courses` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `completed_courses_by_course` ON `completed_courses` (`course_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `course_hub_units` (
	`course_id` integer NOT NULL,
	`hub_code` text NOT NULL,
	PRIMARY KEY(`course_id`, `hub_code`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`hub_code`) REFERENCES `hub_areas`(`code`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `course_hub_units_by_hub` ON `course_hub_units` (`hub_code`,`course_id`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`college` text NOT NULL,
	`department` text NOT NULL,
	`number` text NOT NULL,
	`number_value` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`prerequisites` text,
	`no_prereqs` integer NOT NULL,
	`num_reviews` integer DEFAULT 0 NOT NULL,
	`avg_overall` real DEFAULT 0 NOT NULL,
	`avg_usefulness` real DEFAULT 0 NOT NULL,
	`avg_difficulty` real DEFAULT 0 NOT NULL,
	`avg_workload` real DEFAULT 0 NOT NULL,
	`avg_interest` real DEFAULT 0 NOT NULL,
	`avg_teacher` real DEFAULT 0 NOT NULL,
	`search_text` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_identity` ON `courses` (`college`,`department`,`number`);--> statement-breakpoint
CREATE INDEX `courses_code_order` ON `courses` (`number_value`,`number`,`college`,`department`);--> statement-breakpoint
CREATE INDEX `courses_department` ON `courses` (`department`,`number_value`);--> statement-breakpoint
CREATE INDEX `courses_by_rating` ON `courses` (`avg_overall`,`college`,`department`,`number`);--> statement-breakpoint
CREATE INDEX `courses_by_reviews` ON `courses` (`num_reviews`,`college`,`department`,`number`);--> statement-breakpoint
CREATE INDEX `courses_no_prereqs` ON `courses` (`no_prereqs`,`number_value`);--> statement-breakpoint
CREATE TABLE `future_courses` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `future_courses_by_course` ON `future_courses` (`course_id`);--> statement-breakpoint
CREATE TABLE `hub_areas` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`category` text NOT NULL,
	`required` integer,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `majors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`college` text NOT NULL,
	`name` text NOT NULL,
	FOREIGN KEY (`college`) REFERENCES `colleges`(`code`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `majors_college_name` ON `majors` (`college`,`name`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limits_reset` ON `rate_limits` (`reset_at`);--> statement-breakpoint
CREATE TABLE `review_reports` (
	`review_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_reports_by_user` ON `review_reports` (`user_id`);--> statement-breakpoint
CREATE TABLE `review_votes` (
	`review_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`vote_type` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`),
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `review_votes_by_user` ON `review_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`overall_rating` real NOT NULL,
	`usefulness_rating` integer NOT NULL,
	`difficulty_rating` integer NOT NULL,
	`workload_rating` integer NOT NULL,
	`interest_rating` integer NOT NULL,
	`teacher_rating` integer NOT NULL,
	`teacher_name` text NOT NULL,
	`semester` text NOT NULL,
	`hours_per_week` real NOT NULL,
	`attendance_required` integer DEFAULT false NOT NULL,
	`assignment_types` text NOT NULL,
	`review_text` text NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`downvotes` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_one_per_user_course` ON `reviews` (`user_id`,`course_id`);--> statement-breakpoint
CREATE INDEX `reviews_by_course` ON `reviews` (`course_id`,`hidden`,`created_at`);--> statement-breakpoint
CREATE INDEX `reviews_by_course_teacher` ON `reviews` (`course_id`,`teacher_name`);--> statement-breakpoint
CREATE TABLE `saved_courses` (
	`user_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `course_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_courses_by_course` ON `saved_courses` (`course_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`college` text NOT NULL,
	`major` text NOT NULL,
	`expected_grad` integer NOT NULL,
	`session_version` integer DEFAULT 1 NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email` ON `users` (`email`);