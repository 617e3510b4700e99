ALTER TABLE `auth_codes` ADD `link_hash` text;--> statement-breakpoint
CREATE UNIQUE INDEX `auth_codes_link` ON `auth_codes` (`link_hash`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `failed_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `last_error` text;--> statement-breakpoint
CREATE INDEX `outbox_due` ON `outbox` (`sent_at`,`failed_at`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_to` ON `outbox` (`to`);--> statement-breakpoint
-- Mail kept before the queue existed was written to the log already: it is not sent again.
UPDATE `outbox` SET `sent_at` = `created_at`;--> statement-breakpoint
-- Rate-limit keys used to hold plain email addresses; they are keyed hashes now, and the old counters are short-lived.
DELETE FROM `rate_limits`;
