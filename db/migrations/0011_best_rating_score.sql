DROP INDEX `courses_rating_order`;--> statement-breakpoint
ALTER TABLE `courses` ADD `rating_score` real DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `figures_stamp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `courses_best_rating` ON `courses` ("rating_score" DESC,"num_reviews" DESC,`college`,`department`,`number_value`,`number`);--> statement-breakpoint
CREATE INDEX `courses_figures_stamp` ON `courses` (`figures_stamp`);--> statement-breakpoint
CREATE INDEX `courses_rated_overall` ON `courses` (`avg_overall`) WHERE "courses"."num_reviews" > 0;--> statement-breakpoint
INSERT INTO `app_settings` (`key`, `value`) VALUES ('figures_stamp', '0') ON CONFLICT (`key`) DO NOTHING;--> statement-breakpoint
INSERT INTO `app_settings` (`key`, `value`) SELECT 'rating_prior', printf('%.9f', COALESCE(AVG(`avg_overall`), 0)) FROM `courses` WHERE `num_reviews` > 0
	ON CONFLICT (`key`) DO UPDATE SET `value` = excluded.`value`;--> statement-breakpoint
INSERT INTO `app_settings` (`key`, `value`) SELECT 'rating_prior_scored', `value` FROM `app_settings` WHERE `key` = 'rating_prior'
	ON CONFLICT (`key`) DO UPDATE SET `value` = excluded.`value`;--> statement-breakpoint
UPDATE `courses` SET `rating_score` = ROUND((5 * (SELECT CAST(`value` AS REAL) FROM `app_settings` WHERE `key` = 'rating_prior') + `num_reviews` * `avg_overall`) / (5 + `num_reviews`), 9)
	WHERE `num_reviews` > 0;--> statement-breakpoint
CREATE TRIGGER `course_figures_changed` AFTER UPDATE OF `num_reviews`, `avg_overall`, `avg_usefulness`, `avg_difficulty`, `avg_workload`, `avg_interest`, `avg_teacher` ON `courses`
WHEN OLD.`num_reviews` IS NOT NEW.`num_reviews` OR OLD.`avg_overall` IS NOT NEW.`avg_overall` OR OLD.`avg_usefulness` IS NOT NEW.`avg_usefulness`
	OR OLD.`avg_difficulty` IS NOT NEW.`avg_difficulty` OR OLD.`avg_workload` IS NOT NEW.`avg_workload` OR OLD.`avg_interest` IS NOT NEW.`avg_interest`
	OR OLD.`avg_teacher` IS NOT NEW.`avg_teacher`
BEGIN
	-- The prior follows the mean of the rated courses once it has moved by a thousandth of a star.
	UPDATE `app_settings` SET `value` = printf('%.9f', `mean`.`m`)
		FROM (SELECT COALESCE(AVG(`avg_overall`), 0) AS `m` FROM `courses` INDEXED BY `courses_rated_overall` WHERE `num_reviews` > 0) AS `mean`
		WHERE `key` = 'rating_prior' AND ABS(CAST(`value` AS REAL) - `mean`.`m`) >= 0.001;
	UPDATE `app_settings` SET `value` = CAST(`value` AS INTEGER) + 1 WHERE `key` = 'figures_stamp';
	-- A new prior scores every rated course again.
	UPDATE `courses` SET
		`rating_score` = ROUND((5 * (SELECT CAST(`value` AS REAL) FROM `app_settings` WHERE `key` = 'rating_prior') + `num_reviews` * `avg_overall`) / (5 + `num_reviews`), 9),
		`figures_stamp` = (SELECT CAST(`value` AS INTEGER) FROM `app_settings` WHERE `key` = 'figures_stamp')
		WHERE `num_reviews` > 0
			AND (SELECT `value` FROM `app_settings` WHERE `key` = 'rating_prior') IS NOT (SELECT `value` FROM `app_settings` WHERE `key` = 'rating_prior_scored');
	UPDATE `app_settings` SET `value` = (SELECT `value` FROM `app_settings` WHERE `key` = 'rating_prior')
		WHERE `key` = 'rating_prior_scored' AND `value` IS NOT (SELECT `value` FROM `app_settings` WHERE `key` = 'rating_prior');
	UPDATE `courses` SET
		`rating_score` = CASE WHEN NEW.`num_reviews` > 0
			THEN ROUND((5 * (SELECT CAST(`value` AS REAL) FROM `app_settings` WHERE `key` = 'rating_prior') + NEW.`num_reviews` * NEW.`avg_overall`) / (5 + NEW.`num_reviews`), 9)
			ELSE -1 END,
		`figures_stamp` = (SELECT CAST(`value` AS INTEGER) FROM `app_settings` WHERE `key` = 'figures_stamp')
		WHERE `id` = NEW.`id`;
END;
