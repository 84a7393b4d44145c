-- Trigram search for service requests; btree_gist for appointments' exclusion constraint.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TYPE "public"."attachment_kind" AS ENUM('photo', 'customer_signature', 'technician_signature');--> statement-breakpoint
CREATE TYPE "public"."request_priority" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."service_location" AS ENUM('home', 'remote', 'office');--> statement-breakpoint
CREATE TYPE "public"."service_request_status" AS ENUM('pending', 'assigned', 'in_progress', 'pending_parts', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."warranty_status" AS ENUM('in_warranty', 'out_of_warranty', 'unknown');--> statement-breakpoint
CREATE TABLE "attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" "attachment_kind" NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"thumbnail" "bytea",
	"caption" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_request_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" "service_request_status",
	"to_status" "service_request_status" NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"technician_id" uuid,
	"status" "service_request_status" DEFAULT 'pending' NOT NULL,
	"priority" "request_priority" DEFAULT 'medium' NOT NULL,
	"location" "service_location" NOT NULL,
	"address" text,
	"service_type" text NOT NULL,
	"fault_type" text NOT NULL,
	"problem_description" text NOT NULL,
	"additional_notes" text,
	"device_brand" text NOT NULL,
	"device_model" text NOT NULL,
	"device_serial" text,
	"warranty_status" "warranty_status" DEFAULT 'unknown' NOT NULL,
	"warranty_number" text,
	"warranty_expiry" date,
	"diagnosis" text,
	"resolution" text,
	"awaiting_parts_note" text,
	"cancel_reason" text,
	"cancelled_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"assigned_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"ever_pending_parts" boolean DEFAULT false NOT NULL,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"rating" integer,
	"feedback" text,
	"feedback_at" timestamp with time zone,
	"search_text" text NOT NULL,
	CONSTRAINT "service_requests_rating_check" CHECK ("service_requests"."rating" between 1 and 5),
	CONSTRAINT "service_requests_home_address_check" CHECK ("service_requests"."location" <> 'home' or "service_requests"."address" is not null)
);
--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_history" ADD CONSTRAINT "service_request_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attachments_request_idx" ON "attachments" USING btree ("request_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "attachments_signature_key" ON "attachments" USING btree ("request_id","kind") WHERE "attachments"."kind" <> 'photo';--> statement-breakpoint
CREATE INDEX "service_request_history_request_idx" ON "service_request_history" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_number_key" ON "service_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_updated_idx" ON "service_requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_status_idx" ON "service_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_priority_idx" ON "service_requests" USING btree ("priority","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_service_type_idx" ON "service_requests" USING btree ("service_type","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_customer_idx" ON "service_requests" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_technician_idx" ON "service_requests" USING btree ("technician_id","created_at","id");--> statement-breakpoint
CREATE INDEX "service_requests_serial_idx" ON "service_requests" USING btree (lower("device_serial"),"created_at") WHERE "service_requests"."device_serial" is not null;--> statement-breakpoint
CREATE INDEX "service_requests_search_idx" ON "service_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- `search_text LIKE '%…%'` is estimated from the column's histogram; with the default 100 entries
-- no estimate falls below ~1% of the table, so a rare term (a serial, a full name) looked common
-- and the planner walked the date index filtering row by row (50,000 rows for 26 matches at
-- 300,000 requests) instead of reading the few matches through the trigram index. 1,000 entries
-- let it tell rare terms from common ones (measured: 60-90 ms → 11 ms for a full name).
ALTER TABLE "service_requests" ALTER COLUMN "search_text" SET STATISTICS 1000;
