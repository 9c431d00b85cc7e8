CREATE TABLE "admin_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"operator_id" integer,
	"operator_email" text NOT NULL,
	"action" text NOT NULL,
	"target_member_id" integer,
	"target_name" text,
	"report_id" integer,
	"university_id" integer,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_operator_id_members_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_target_member_id_members_id_fk" FOREIGN KEY ("target_member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_university" ON "admin_actions" USING btree ("university_id","id");