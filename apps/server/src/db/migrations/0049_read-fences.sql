CREATE TABLE "app_read_fence" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"lsn" varchar(32) NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
