// SQL dumps for the construction tests (not used by production code).

/**
 * What `pg_dump` 18 writes for a small HR schema, by hand: \restrict, the SET preamble,
 * set_config, a non-public schema, an enum, sequences, COPY blocks with \N, constraints added
 * after the data, OWNER TO / GRANT / COMMENT noise. It exercises every TC-5 rule: a
 * self-reference, a foreign key to a UNIQUE column, a link table without a primary key, a
 * table without a key, a composite-key table and a multi-column foreign key.
 */
export const hrDump = String.raw`--
-- PostgreSQL database dump
--

\restrict 4yZqgk1bVh2Jr0f

-- Dumped from database version 18.0
-- Dumped by pg_dump version 18.0

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

CREATE SCHEMA hr;
ALTER SCHEMA hr OWNER TO alice;

CREATE TYPE public.mood AS ENUM (
    'happy',
    'sad'
);
ALTER TYPE public.mood OWNER TO alice;

SET default_tablespace = '';
SET default_table_access_method = heap;

CREATE TABLE hr.employees (
    id integer NOT NULL,
    name text NOT NULL,
    manager_id integer,
    email text,
    mood public.mood,
    active boolean DEFAULT true,
    salary numeric(10,2),
    badge bigint
);
ALTER TABLE hr.employees OWNER TO alice;

CREATE SEQUENCE hr.employees_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE hr.employees_id_seq OWNER TO alice;
ALTER SEQUENCE hr.employees_id_seq OWNED BY hr.employees.id;

CREATE TABLE public.projects (
    code text NOT NULL,
    title text,
    owner_email text
);

CREATE TABLE public.assignments (
    employee_id integer,
    project_code text,
    role text,
    hours numeric
);

CREATE TABLE public.audit_log (
    at timestamp with time zone DEFAULT now(),
    employee_id integer
);

CREATE TABLE public.project_phases (
    project_code text NOT NULL,
    phase integer NOT NULL
);

CREATE TABLE public.milestones (
    id integer NOT NULL,
    title text,
    project_code text,
    phase integer
);

ALTER TABLE ONLY hr.employees ALTER COLUMN id SET DEFAULT nextval('hr.employees_id_seq'::regclass);

COPY hr.employees (id, name, manager_id, email, mood, active, salary, badge) FROM stdin;
1	Ada	\N	ada@example.com	happy	t	1234.50	9007199254740993
2	Bob	1	bob@example.com	sad	f	\N	7
3	Cy "the tab\tman"	1	\N	\N	t	99	\N
4	Di	2	di@example.com	happy	t	10	8
\.

COPY public.projects (code, title, owner_email) FROM stdin;
apollo	Moon	ada@example.com
zeus	Sky	\N
hermes	Post	di@example.com
\.

INSERT INTO public.assignments VALUES (1, 'apollo', 'lead', 10.5);
INSERT INTO public.assignments VALUES (2, 'apollo', 'dev', NULL), (4, 'hermes', 'dev', 20);
INSERT INTO public.assignments VALUES (3, NULL, 'bench', 0);
INSERT INTO public.audit_log (employee_id) VALUES (1);
INSERT INTO public.project_phases VALUES ('apollo', 1), ('apollo', 2);
INSERT INTO public.milestones VALUES (10, 'Liftoff', 'apollo', 1), (11, 'Landing', 'apollo', 2);

SELECT pg_catalog.setval('hr.employees_id_seq', 4, true);

ALTER TABLE ONLY hr.employees
    ADD CONSTRAINT employees_pkey PRIMARY KEY (id);
ALTER TABLE ONLY hr.employees
    ADD CONSTRAINT employees_email_key UNIQUE (email);
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_pkey PRIMARY KEY (code);
ALTER TABLE ONLY public.project_phases
    ADD CONSTRAINT project_phases_pkey PRIMARY KEY (project_code, phase);
ALTER TABLE ONLY public.milestones
    ADD CONSTRAINT milestones_pkey PRIMARY KEY (id);
CREATE INDEX assignments_project_idx ON public.assignments USING btree (lower(project_code));
ALTER TABLE ONLY hr.employees
    ADD CONSTRAINT employees_manager_id_fkey FOREIGN KEY (manager_id) REFERENCES hr.employees(id);
ALTER TABLE ONLY public.projects
    ADD CONSTRAINT projects_owner_email_fkey FOREIGN KEY (owner_email) REFERENCES hr.employees(email);
ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES hr.employees(id);
ALTER TABLE ONLY public.assignments
    ADD CONSTRAINT assignments_project_code_fkey FOREIGN KEY (project_code) REFERENCES public.projects(code);
ALTER TABLE ONLY public.audit_log
    ADD CONSTRAINT audit_log_employee_id_fkey FOREIGN KEY (employee_id) REFERENCES hr.employees(id);
ALTER TABLE ONLY public.project_phases
    ADD CONSTRAINT project_phases_project_code_fkey FOREIGN KEY (project_code) REFERENCES public.projects(code);
ALTER TABLE ONLY public.milestones
    ADD CONSTRAINT milestones_phase_fkey FOREIGN KEY (project_code, phase) REFERENCES public.project_phases(project_code, phase);

COMMENT ON TABLE public.projects IS 'Projects; with a semicolon';
GRANT SELECT ON TABLE public.projects TO reporting;

--
-- PostgreSQL database dump complete
--

\unrestrict 4yZqgk1bVh2Jr0f

`;
