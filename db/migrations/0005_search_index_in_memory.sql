DROP TABLE `course_words`;--> statement-breakpoint
ALTER TABLE `courses` DROP COLUMN `search_text`;