ALTER TABLE `users` ADD `session_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `users` SET `session_key` = lower(hex(randomblob(16))) WHERE `session_key` = '';--> statement-breakpoint
CREATE TRIGGER `users_session_key` AFTER INSERT ON `users` WHEN NEW.`session_key` = '' BEGIN
	UPDATE `users` SET `session_key` = lower(hex(randomblob(16))) WHERE `id` = NEW.`id`;
END;
