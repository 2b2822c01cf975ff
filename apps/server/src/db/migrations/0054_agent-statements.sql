CREATE TABLE "fin_agent_statement" (
	"agent_id" integer NOT NULL,
	"period" varchar(10) NOT NULL,
	"statement" jsonb NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_agent_statement_agent_id_period_pk" PRIMARY KEY("agent_id","period")
);
