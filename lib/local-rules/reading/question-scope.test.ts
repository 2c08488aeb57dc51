import { describe, expect, it } from "vitest";
import { type GraphSchemaView, graphSchemaSchema } from "./graph-schema";
import {
  edgeTypesNamedByVerb,
  namedNodeTypes,
  namedValues,
  resolveScope,
  singular,
  typePosition,
} from "./question-scope";

// The question's words are matched against the loaded graph's real schema, never against a
// dataset's fixed names: these schemas are small hand-built ones in the shapes uploads produce.

const shop: GraphSchemaView = graphSchemaSchema.parse({
  node_types: [
    {
      name: "customers",
      count: 120,
      properties: [
        { name: "city", kind: "text", values: ["Lyon", "Porto", "Porto Alegre", "Bergen"] },
        { name: "segment", kind: "text", values: ["wholesale", "retail", "online"] },
        { name: "age", kind: "number", min: 18, max: 90 },
      ],
    },
    {
      name: "orders",
      count: 300,
      properties: [
        { name: "total", kind: "number", min: 5, max: 900 },
        { name: "status", kind: "text", values: ["paid", "open"] },
      ],
    },
    {
      name: "products",
      count: 40,
      properties: [{ name: "category", kind: "text", values: ["tea", "coffee", "garden"] }],
    },
  ],
  edge_types: [
    { name: "placed_by", count: 300, from: ["orders"], to: ["customers"] },
    { name: "order_items", count: 900, from: ["orders"], to: ["products"] },
    { name: "reviews", count: 50, from: ["customers"], to: ["products"] },
  ],
});

// One node type, as an edge list with a node table gives: the club is a value, not a type.
const karate: GraphSchemaView = graphSchemaSchema.parse({
  node_types: [
    {
      name: "default",
      count: 34,
      properties: [{ name: "club", kind: "text", values: ["Mr. Hi", "Officer"] }],
    },
  ],
  edge_types: [{ name: "default", count: 78, from: ["default"], to: ["default"] }],
});

const library: GraphSchemaView = graphSchemaSchema.parse({
  node_types: [
    {
      name: "authors",
      count: 25,
      properties: [{ name: "country", kind: "text", values: ["NO", "BE", "FR"] }],
    },
    {
      name: "books",
      count: 60,
      properties: [{ name: "genre", kind: "text", values: ["history", "novel", "poetry"] }],
    },
    {
      name: "members",
      count: 40,
      properties: [{ name: "tier", kind: "text", values: ["gold", "basic"] }],
    },
  ],
  edge_types: [
    { name: "book_authors", count: 80, from: ["books"], to: ["authors"] },
    { name: "loans", count: 400, from: ["members"], to: ["books"] },
  ],
});

describe("singular and typePosition", () => {
  it("reads English plurals", () => {
    expect(["customers", "cities", "boxes", "class", "orders"].map(singular)).toEqual([
      "customer",
      "city",
      "box",
      "class",
      "order",
    ]);
  });

  it("finds a type by its singular, plural or Chinese word, and never a generic type", () => {
    expect(typePosition("Which customer spends most?", "customers")).toBe(6);
    expect(typePosition("How many customers are there?", "customers")).toBe(9);
    expect(typePosition("哪个城市的客户最多？", "customers")).toBe(5);
    expect(typePosition("How many orders are there?", "customers")).toBe(-1);
    expect(typePosition("How many nodes are there?", "node")).toBe(-1);
  });
});

describe("namedNodeTypes: the types a question names, in its order", () => {
  it.each([
    ["Which product appears in the most orders?", ["products", "orders"]],
    ["Which wholesale customer placed the most orders?", ["customers", "orders"]],
    [
      "Which orders contain the most products for retail customers?",
      ["orders", "products", "customers"],
    ],
    ["How many customers live in Lyon?", ["customers"]],
    ["哪个城市的客户最多？", ["customers"]],
    ["哪位客户下的订单最多？", ["customers", "orders"]],
    ["What is the density of the graph?", []],
  ])("%s → %j", (question, types) => {
    expect(namedNodeTypes(question, shop)).toEqual(types);
  });

  it("names no type on a graph with one type", () => {
    expect(namedNodeTypes("Which member has the most connections?", karate)).toEqual([]);
  });
});

describe("namedValues: property values named as words", () => {
  it("reads a segment as a condition on customers", () => {
    expect(
      namedValues({ question: "Which wholesale customer placed the most orders?", schema: shop }),
    ).toEqual([
      {
        nodeType: "customers",
        condition: { property: "segment", op: "eq", value: "wholesale" },
        at: 6,
      },
    ]);
  });

  it("reads an English value named by its Chinese word (门店 for tier = store)", () => {
    const supply: GraphSchemaView = graphSchemaSchema.parse({
      node_types: [
        {
          name: "default",
          count: 27,
          properties: [
            { name: "tier", kind: "text", values: ["supplier", "factory", "warehouse", "store"] },
          ],
        },
      ],
      edge_types: [{ name: "default", count: 40, from: ["default"], to: ["default"] }],
    });
    expect(
      namedValues({ question: "哪家门店收到的货物总量最多？", schema: supply }).map(
        (value) => value.condition,
      ),
    ).toEqual([{ property: "tier", op: "eq", value: "store" }]);
    expect(namedValues({ question: "哪个节点的度最大？", schema: supply })).toEqual([]);
  });

  it("reads karate's club values, plural and multi-word ones included", () => {
    const conditions = (question: string) =>
      namedValues({ question, schema: karate }).map((value) => value.condition);
    expect(conditions("How many members belong to the Officer club?")).toEqual([
      { property: "club", op: "eq", value: "Officer" },
    ]);
    expect(conditions("How many officers are there?")).toEqual([
      { property: "club", op: "eq", value: "Officer" },
    ]);
    expect(conditions("Who in Mr. Hi's faction has the highest degree?")).toEqual([
      { property: "club", op: "eq", value: "Mr. Hi" },
    ]);
  });

  it("takes the longest of two overlapping values", () => {
    expect(
      namedValues({ question: "How many customers live in Porto Alegre?", schema: shop }).map(
        (value) => value.condition.value,
      ),
    ).toEqual(["Porto Alegre"]);
  });

  it("lists several values in the order the question names them", () => {
    expect(
      namedValues({
        question: "Which gold members borrowed the most history books?",
        schema: library,
      }).map((value) => [value.nodeType, value.condition.property, value.condition.value]),
    ).toEqual([
      ["members", "tier", "gold"],
      ["books", "genre", "history"],
    ]);
  });

  it("matches whole words only, and never a value that is a named node", () => {
    expect(namedValues({ question: "What is the Lyonnaise share?", schema: shop })).toEqual([]);
    expect(
      namedValues({
        question: "Who is adjacent to Officer?",
        schema: karate,
        nodeIds: ["Officer"],
      }),
    ).toEqual([]);
  });
});

describe("resolveScope: what is ranked, under which conditions, measured by what", () => {
  it("ranks the first named type, filtered by its own values, by the later types", () => {
    expect(
      resolveScope({ question: "Which wholesale customer placed the most orders?", schema: shop }),
    ).toEqual({
      nodeType: "customers",
      where: [{ property: "segment", op: "eq", value: "wholesale" }],
      otherTypes: ["orders"],
    });
    expect(
      resolveScope({ question: "Which product appears in the most orders?", schema: shop }),
    ).toEqual({ nodeType: "products", where: [], otherTypes: ["orders"] });
  });

  it("puts the type next to the question word first", () => {
    expect(resolveScope({ question: "哪位客户下的订单最多？", schema: shop })).toMatchObject({
      nodeType: "customers",
      otherTypes: ["orders"],
    });
  });

  it("keeps only the subject's conditions", () => {
    expect(
      resolveScope({
        question: "Which gold members borrowed the most history books?",
        schema: library,
      }),
    ).toEqual({
      nodeType: "members",
      where: [{ property: "tier", op: "eq", value: "gold" }],
      otherTypes: ["books"],
    });
  });

  it("takes the subject from a value when no type is named", () => {
    expect(resolveScope({ question: "How many are in Lyon?", schema: shop })).toEqual({
      nodeType: "customers",
      where: [{ property: "city", op: "eq", value: "Lyon" }],
      otherTypes: [],
    });
  });

  it("filters the whole graph when it has one type", () => {
    expect(
      resolveScope({ question: "Which officer has the most connections?", schema: karate }),
    ).toEqual({
      nodeType: null,
      where: [{ property: "club", op: "eq", value: "Officer" }],
      otherTypes: [],
    });
  });

  it("has no scope when nothing in the schema is named", () => {
    expect(resolveScope({ question: "What is the diameter?", schema: shop })).toEqual({
      nodeType: null,
      where: [],
      otherTypes: [],
    });
  });
});

describe("edgeTypesNamedByVerb: the edges a verb means, from the graph's own names", () => {
  it.each([
    ["Which books are borrowed most often?", "books", ["loans"]],
    ["哪本书被借的次数最多？", "books", ["loans"]],
    ["Which books were written by the most authors?", "books", ["book_authors"]],
  ])("%s (%s) → %j", (question, nodeType, edges) => {
    expect(edgeTypesNamedByVerb({ question, schema: library, nodeType })).toEqual(edges);
  });

  it.each([
    ["Which products were bought most often?", "products", ["order_items"]],
    ["Which customers bought the most?", "customers", ["placed_by"]],
    ["Which customers have reviewed the most products?", "customers", ["reviews"]],
  ])("%s (%s) → %j", (question, nodeType, edges) => {
    expect(edgeTypesNamedByVerb({ question, schema: shop, nodeType })).toEqual(edges);
  });

  it("names nothing when the question has no such verb", () => {
    expect(
      edgeTypesNamedByVerb({
        question: "Which books have the most connections?",
        schema: library,
        nodeType: "books",
      }),
    ).toEqual([]);
  });

  it("names nothing when the type has a single edge type to choose from", () => {
    expect(
      edgeTypesNamedByVerb({
        question: "Which member borrowed the most books?",
        schema: library,
        nodeType: "members",
      }),
    ).toEqual([]);
  });
});

describe("namedValues: a place named in Chinese or by its adjective", () => {
  const payments = {
    node_types: [
      {
        name: "default",
        count: 4,
        properties: [{ name: "country", kind: "text", values: ["Japan", "Spain"] }],
      },
    ],
    edge_types: [],
    query_tables: [],
  };
  it("reads 日本 and 'Japanese' as country = Japan, and no other place", () => {
    const japan = { property: "country", op: "eq", value: "Japan" };
    expect(namedValues({ question: "日本有多少个账户？", schema: payments })[0]?.condition).toEqual(
      japan,
    );
    expect(
      namedValues({ question: "Which Japanese account sent the most?", schema: payments })[0]
        ?.condition,
    ).toEqual(japan);
    expect(
      namedValues({ question: "Which French account sent the most?", schema: payments }),
    ).toEqual([]);
  });
});
