-- Professor slugs keep the letters of any script ("иван-петров", "王伟"), and a name with no letter gets a stable slug
-- of its own: the keys stored before ('unnamed' for every such name, 's-ren' for 'Søren') are made again in JavaScript
-- at this start. Emptied keys are what the start fills (`ensureReviewKeys`, src/services/courses/course-summary.ts):
-- every review whose typed name holds a character outside printable ASCII, and any left 'unnamed'.
UPDATE `reviews` SET `name_key` = '', `teacher_key` = ''
	WHERE `name_key` = 'unnamed' OR `teacher_key` = 'unnamed' OR `teacher_name` GLOB '*[^ -~]*';--> statement-breakpoint
-- The schedule's instructors are matched again from scratch (`ensureProfessorMatching`,
-- src/services/schedule/professor-matching.ts) when any of them has such a name: their keys and the ways of typing
-- them were made by the old slug.
DELETE FROM `instructor_names`
	WHERE EXISTS (SELECT 1 FROM `section_instructors` WHERE `first_name` || `last_name` GLOB '*[^ -~]*');
