// People, in a question's words and in a schema's type names: "how many people are on both
// projects" or "how many people work in Engineering" count the kind of node that is people
// (employees), not the other kinds linked there (the department, the projects).

/** Words for people. */
export const personWords =
  /\b(?:people|persons?|who|whom|anyone|everyone|someone|members?|staff|employees?|workers?|colleagues?|users?|customers?|students?|authors?|players?|actors?|researchers?|volunteers?|participants?)\b|人|成员|员工|同事|人员|职员|谁|参与者|会员/i;

/** "How many people …", "多少名员工": a count of people. */
export const peopleCounted =
  /\b(?:how\s+many|number\s+of)\s+(?:\w+\s+)?(?:people|persons|staff|employees|members|workers|colleagues|users|students|researchers|volunteers|participants)\b|多少(?:个|位|名)?(?:人|员工|成员|同事|职员|人员|学生)|几(?:个|位|名)(?:人|员工|成员|同事|职员|人员|学生)/i;

/** Type names of people. */
export const personTypes =
  /employ|staff|person|people|member|user|customer|student|author|actor|worker|researcher|developer|player|patient|teacher|instructor|client|volunteer|character|participant|reader|writer|engineer|musician|artist|athlete/i;
