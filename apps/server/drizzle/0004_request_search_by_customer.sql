CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
-- search_text no longer carries the customer's name (names are searched through users_name_trgm_idx).
UPDATE "service_requests" SET "search_text" = lower(concat_ws(' ', "number", "device_serial", "device_brand", "device_model", "problem_description"));
