-- AlterTable
-- A session graph state's generation is drawn from one sequence on every write, so a value is
-- never reused, not even after the session's state was deleted and started again: an instance
-- whose cached copy holds generation N knows it is current exactly when the row still says N.
-- The sequence starts above every generation written so far, for the same reason.
CREATE SEQUENCE session_graph_states_generation_seq;
ALTER TABLE "session_graph_states" ALTER COLUMN "generation" SET DATA TYPE BIGINT,
ALTER COLUMN "generation" SET DEFAULT nextval('session_graph_states_generation_seq');
ALTER SEQUENCE session_graph_states_generation_seq OWNED BY "session_graph_states"."generation";
SELECT setval('session_graph_states_generation_seq', GREATEST(COALESCE((SELECT max("generation") FROM "session_graph_states"), 0), 1));
