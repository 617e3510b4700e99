-- A course done is no longer one to take: rows kept from before this rule held everywhere leave the future list.
DELETE FROM `future_courses` WHERE EXISTS (
	SELECT 1 FROM `completed_courses` c WHERE c.`user_id` = `future_courses`.`user_id` AND c.`course_id` = `future_courses`.`course_id`
);
