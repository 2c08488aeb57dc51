// Small graphs whose every answer can be counted by hand, for the paraphrase tests of the
// degree, neighbours, cut, similarity and shared-neighbour families.

/**
 * Directed transfers between five accounts. Out: a1 → a2, a3, a4, a5 (4); a2 → a1; a3 → a1,
 * a4; a4 → a2; a5 → a2. In: a1 ← a2, a3 (2); a2 ← a1, a4, a5 (3, the most senders); a3 ← a1;
 * a4 ← a1, a3; a5 ← a1.
 */
export const transfers = {
  nodes: "id,name\na1,Ann Sato\na2,Bo Kudo\na3,Cy Gil\na4,Di Vidal\na5,Ed Costa\n",
  edges: "source,target\na1,a2\na1,a3\na1,a4\na1,a5\na2,a1\na3,a1\na4,a2\na5,a2\na3,a4\n",
};

/**
 * An undirected metro: the triangles Kingsbridge–Old Mill–Chapel End and Chapel End–Cathedral
 * Square–Quayside, and the branch Kingsbridge–Marble Arch–Tidewater. Articulation points:
 * Kingsbridge, Chapel End, Marble Arch; bridges: Kingsbridge–Marble Arch, Marble Arch–Tidewater.
 * Kingsbridge {Old Mill, Chapel End, Marble Arch} and Cathedral Square {Chapel End, Quayside}
 * share Chapel End: Jaccard 1 / 4.
 */
export const metro = {
  nodes:
    "id,name\ns1,Kingsbridge\ns2,Cathedral Square\ns3,Old Mill\ns4,Chapel End\ns5,Quayside\ns6,Marble Arch\ns7,Tidewater\n",
  edges: "from,to\ns1,s3\ns1,s4\ns1,s6\ns2,s4\ns2,s5\ns3,s4\ns4,s5\ns6,s7\n",
};

/**
 * A company dump: Thea Gruber manages Leopold Hartmann and Katja Umland; Leopold manages Greta
 * Thorsen and Piet Lindqvist. Everyone is in Research; Legal has no staff. Atlas: Greta, Piet;
 * Cobalt: Piet, Katja, Greta; Halcyon: Leopold, Piet; all three projects belong to Research.
 */
export const company = [
  "CREATE TABLE departments (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE employees (id integer PRIMARY KEY, name text NOT NULL, title text, department_id integer REFERENCES departments(id), manager_id integer REFERENCES employees(id));",
  "CREATE TABLE projects (id integer PRIMARY KEY, name text NOT NULL, department_id integer REFERENCES departments(id));",
  "CREATE TABLE assignments (employee_id integer NOT NULL REFERENCES employees(id), project_id integer NOT NULL REFERENCES projects(id), PRIMARY KEY (employee_id, project_id));",
  "INSERT INTO departments VALUES (1, 'Research'), (2, 'Legal');",
  "INSERT INTO employees VALUES (1, 'Thea Gruber', 'Chief', 1, NULL), (2, 'Leopold Hartmann', 'Lead', 1, 1), (3, 'Greta Thorsen', 'Engineer', 1, 2), (4, 'Piet Lindqvist', 'Engineer', 1, 2), (5, 'Katja Umland', 'Analyst', 1, 1);",
  "INSERT INTO projects VALUES (1, 'Atlas', 1), (2, 'Cobalt', 1), (3, 'Halcyon', 1);",
  "INSERT INTO assignments VALUES (3, 1), (4, 1), (4, 2), (5, 2), (3, 2), (2, 3), (4, 3);",
].join("\n");
