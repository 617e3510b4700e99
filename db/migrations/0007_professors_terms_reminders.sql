CREATE TABLE `review_reminders_sent` (
	`user_id` integer NOT NULL,
	`term` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `term`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `teacher_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `reviews` ADD `term` integer;--> statement-breakpoint
CREATE INDEX `reviews_by_teacher_key` ON `reviews` (`teacher_key`,`course_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `review_reminders` integer DEFAULT false NOT NULL;