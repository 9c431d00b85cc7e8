CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "blocks_not_self" CHECK ("blocks"."blocker_id" <> "blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"message_id" bigint,
	"message_text" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"hold" boolean DEFAULT false NOT NULL,
	"resolution" text,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_reason" CHECK ("reports"."reason" in ('HARASSMENT','SPAM','INAPPROPRIATE_PROFILE','NO_SHOW','OTHER')),
	CONSTRAINT "reports_status" CHECK ("reports"."status" in ('OPEN','CLOSED')),
	CONSTRAINT "reports_resolution" CHECK ("reports"."resolution" is null or "reports"."resolution" in ('DISMISS','SUSPEND')),
	CONSTRAINT "reports_detail" CHECK ("reports"."detail" is null or char_length("reports"."detail") <= 500),
	CONSTRAINT "reports_not_self" CHECK ("reports"."reporter_id" <> "reports"."target_id")
);
--> statement-breakpoint
ALTER TABLE "matches" DROP CONSTRAINT "matches_status";--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_members_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_members_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_members_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_id_members_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "reports_target" ON "reports" USING btree ("target_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reports_status" ON "reports" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "reports_hold" ON "reports" USING btree ("target_id") WHERE "reports"."status" = 'OPEN' and "reports"."hold";--> statement-breakpoint
CREATE INDEX "matches_requested_created" ON "matches" USING btree ("created_at") WHERE "matches"."status" = 'REQUESTED';--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_status" CHECK ("matches"."status" in ('REQUESTED','ACCEPTED','EXPIRED'));