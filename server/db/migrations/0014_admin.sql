CREATE TABLE "member_suspensions" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"previous_status" text NOT NULL,
	"suspended_by" integer,
	"report_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentor_configs" (
	"university_id" integer NOT NULL,
	"month" text NOT NULL,
	"config" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_configs_university_id_month_pk" PRIMARY KEY("university_id","month")
);
--> statement-breakpoint
CREATE TABLE "stats_days" (
	"day" date NOT NULL,
	"university_id" integer NOT NULL,
	"signups" integer NOT NULL,
	"active_members" integer NOT NULL,
	"requests" integer NOT NULL,
	"accepts" integer NOT NULL,
	"messages" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stats_days_day_university_id_pk" PRIMARY KEY("day","university_id")
);
--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_suspensions" ADD CONSTRAINT "member_suspensions_suspended_by_members_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_configs" ADD CONSTRAINT "mentor_configs_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_configs" ADD CONSTRAINT "mentor_configs_updated_by_members_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_created" ON "chat_messages" USING btree ("created_at","sender_id");--> statement-breakpoint
CREATE INDEX "matches_created" ON "matches" USING btree ("created_at","requester_id");--> statement-breakpoint
CREATE INDEX "matches_accepted" ON "matches" USING btree ("updated_at","requester_id","target_id") WHERE "matches"."status" = 'ACCEPTED';--> statement-breakpoint
CREATE INDEX "members_created" ON "members" USING btree ("created_at");