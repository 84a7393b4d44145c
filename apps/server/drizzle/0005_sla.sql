CREATE TABLE "sla_breaches" (
	"request_id" uuid NOT NULL,
	"target" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sla_breaches_request_id_target_pk" PRIMARY KEY("request_id","target"),
	CONSTRAINT "sla_breaches_target_check" CHECK ("sla_breaches"."target" in ('response', 'resolution'))
);
--> statement-breakpoint
ALTER TABLE "sla_breaches" ADD CONSTRAINT "sla_breaches_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;