CREATE TABLE "rank_bitmaps" (
	"university_id" integer NOT NULL,
	"slice" integer NOT NULL,
	"bits" "varbit" NOT NULL,
	CONSTRAINT "rank_bitmaps_university_id_slice_pk" PRIMARY KEY("university_id","slice")
);
--> statement-breakpoint
ALTER TABLE "rank_bitmaps" ADD CONSTRAINT "rank_bitmaps_university_id_universities_id_fk" FOREIGN KEY ("university_id") REFERENCES "public"."universities"("id") ON DELETE no action ON UPDATE no action;