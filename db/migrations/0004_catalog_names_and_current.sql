CREATE TABLE `departments` (
	`college` text NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`college`, `code`)
);
--> statement-breakpoint
ALTER TABLE `courses` ADD `current` integer DEFAULT true NOT NULL;