CREATE TYPE "public"."quality_check_result" AS ENUM('passed', 'failed');--> statement-breakpoint
CREATE TABLE "request_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"tax_rate" numeric(5, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_parts_quantity_check" CHECK ("request_parts"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "work_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_log_entries_range_check" CHECK ("work_log_entries"."ended_at" is null or "work_log_entries"."ended_at" >= "work_log_entries"."started_at")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "symptoms" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "diagnostic_notes" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "labor_hours" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "awaiting_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "qc_result" "quality_check_result";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "qc_notes" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "qc_by" uuid;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "qc_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_parts" ADD CONSTRAINT "request_parts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_parts" ADD CONSTRAINT "request_parts_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_parts" ADD CONSTRAINT "request_parts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_parts" ADD CONSTRAINT "request_parts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log_entries" ADD CONSTRAINT "work_log_entries_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_log_entries" ADD CONSTRAINT "work_log_entries_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_parts_request_idx" ON "request_parts" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "request_parts_item_idx" ON "request_parts" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "work_log_entries_request_idx" ON "work_log_entries" USING btree ("request_id","started_at");--> statement-breakpoint
CREATE INDEX "work_log_entries_technician_idx" ON "work_log_entries" USING btree ("technician_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_log_entries_open_key" ON "work_log_entries" USING btree ("request_id") WHERE "work_log_entries"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_qc_by_users_id_fk" FOREIGN KEY ("qc_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_completed_idx" ON "service_requests" USING btree ("completed_at","id") WHERE "service_requests"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "service_requests_technician_completed_idx" ON "service_requests" USING btree ("technician_id","completed_at") WHERE "service_requests"."completed_at" is not null;