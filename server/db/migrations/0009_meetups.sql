CREATE TABLE "campus_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"university_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"payload" text DEFAULT '{}' NOT NULL,
	"dedupe_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meetup_checkins" (
	"meetup_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"about_id" integer NOT NULL,
	"met" boolean NOT NULL,
	"compliments" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetup_checkins_meetup_id_member_id_pk" PRIMARY KEY("meetup_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "meetups" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"proposer_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"status" text DEFAULT 'PROPOSED' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetups_status" CHECK ("meetups"."status" in ('PROPOSED','CONFIRMED','DECLINED','CANCELLED','DONE')),
	CONSTRAINT "meetups_times" CHECK ("meetups"."ends_at" > "meetups"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "campus_places" ADD CONSTRAINT "campus_places_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_checkins" ADD CONSTRAINT "meetup_checkins_meetup_id_meetups_id_fk" FOREIGN KEY ("meetup_id") REFERENCES "public"."meetups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_checkins" ADD CONSTRAINT "meetup_checkins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetup_checkins" ADD CONSTRAINT "meetup_checkins_about_id_members_id_fk" FOREIGN KEY ("about_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_proposer_id_members_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetups" ADD CONSTRAINT "meetups_partner_id_members_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campus_places_university_name" ON "campus_places" USING btree ("university_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("run_at");--> statement-breakpoint
CREATE INDEX "meetup_checkins_about" ON "meetup_checkins" USING btree ("about_id");--> statement-breakpoint
CREATE INDEX "meetup_checkins_no_show" ON "meetup_checkins" USING btree ("about_id","created_at") WHERE "meetup_checkins"."met" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "meetups_one_open" ON "meetups" USING btree ("match_id") WHERE "meetups"."status" in ('PROPOSED','CONFIRMED');--> statement-breakpoint
CREATE INDEX "meetups_proposer" ON "meetups" USING btree ("proposer_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetups_partner" ON "meetups" USING btree ("partner_id","starts_at");