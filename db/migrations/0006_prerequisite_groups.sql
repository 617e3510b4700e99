CREATE TABLE `course_prerequisites` (
	`course_id` integer NOT NULL,
	`group_index` integer NOT NULL,
	`position` integer NOT NULL,
	`code` text NOT NULL,
	`required_id` integer,
	`alternative` integer NOT NULL,
	PRIMARY KEY(`course_id`, `group_index`, `position`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`required_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `course_prerequisites_required` ON `course_prerequisites` (`required_id`);--> statement-breakpoint
ALTER TABLE `course_texts` ADD `prerequisite_note` text;--> statement-breakpoint
ALTER TABLE `course_texts` ADD `prerequisite_conditions` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `course_texts` ADD `prerequisite_coverage` text;