CREATE TABLE `course_texts` (
	`course_id` integer PRIMARY KEY NOT NULL,
	`description` text,
	`prerequisites` text,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `course_texts` (`course_id`, `description`, `prerequisites`) SELECT `id`, `description`, `prerequisites` FROM `courses`;--> statement-breakpoint
DROP INDEX `courses_by_rating`;--> statement-breakpoint
DROP INDEX `courses_by_reviews`;--> statement-breakpoint
CREATE INDEX `courses_rating_order` ON `courses` ("avg_overall" DESC,`college`,`department`,`number_value`,`number`);--> statement-breakpoint
CREATE INDEX `courses_reviews_order` ON `courses` ("num_reviews" DESC,`college`,`department`,`number_value`,`number`);--> statement-breakpoint
ALTER TABLE `courses` DROP COLUMN `description`;--> statement-breakpoint
ALTER TABLE `courses` DROP COLUMN `prerequisites`;--> statement-breakpoint
CREATE INDEX `reviews_ratings` ON `reviews` (`course_id`,`hidden`,`overall_rating`,`usefulness_rating`,`difficulty_rating`,`workload_rating`,`interest_rating`,`teacher_rating`);