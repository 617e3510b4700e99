DROP INDEX `reviews_by_teacher_key`;--> statement-breakpoint
CREATE INDEX `reviews_by_professor` ON `reviews` (`teacher_key`,`hidden`,`created_at`);