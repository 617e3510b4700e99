ALTER TABLE `users` ADD `hub_track` text DEFAULT 'first-year' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `kilachand` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `planner_settings` text;