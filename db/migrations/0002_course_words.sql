CREATE TABLE `course_words` (
	`word` text NOT NULL,
	`course_id` integer NOT NULL,
	PRIMARY KEY(`word`, `course_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_words_by_course` ON `course_words` (`course_id`);--> statement-breakpoint
WITH RECURSIVE split(course_id, word, rest) AS (
	SELECT `id`, '', `search_text` || ' ' FROM `courses`
	UNION ALL
	SELECT course_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> ''
)
INSERT OR IGNORE INTO `course_words` (`word`, `course_id`) SELECT word, course_id FROM split WHERE word <> '';
