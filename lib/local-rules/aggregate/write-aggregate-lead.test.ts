import { describe, expect, it } from "vitest";
import type { AggregatePlan, AggregateWording } from "./aggregate-plan";
import { writeAggregateLead } from "./write-aggregate-lead";

function planOf(
  overrides: Partial<Omit<AggregatePlan, "wording">> & { wording?: Partial<AggregateWording> },
): AggregatePlan {
  const { wording, ...rest } = overrides;
  return {
    sql: "SELECT 1",
    answer: "entity",
    valueColumn: "count",
    labelColumn: "city",
    describe: { en: "customers per city", zh: "各城市的客户数量" },
    ...rest,
    wording: {
      measure: "count",
      direction: "desc",
      rows: { en: "customers", zh: "客户" },
      group: { en: "city", zh: "城市" },
      property: null,
      conditions: null,
      top: null,
      ...wording,
    },
  };
}

const cities = [
  { city: "Lyon", count: 27 },
  { city: "Bergen", count: 25 },
  { city: "Porto", count: 25 },
];

describe("writeAggregateLead", () => {
  it("names the top group with its figure, and no rival before it", () => {
    const plan = planOf({});
    expect(
      writeAggregateLead({
        plan,
        rows: cities,
        language: "en",
        question: "Which city has the most customers?",
      }),
    ).toBe("Lyon has the most customers (27).");
    expect(
      writeAggregateLead({ plan, rows: cities, language: "zh", question: "哪个城市的客户最多？" }),
    ).toBe("客户最多的城市是 Lyon（27 个）。");
  });

  it("says a tie after the top group, and follows the ranking for the fewest", () => {
    const plan = planOf({ wording: { direction: "asc" } });
    const rows = [...cities.slice(1), cities[0]];
    const lead = writeAggregateLead({
      plan,
      rows,
      language: "en",
      question: "Which city has the fewest customers?",
    });
    expect(lead).toBe("Bergen has the fewest customers (25), tied with Porto.");
    expect(
      writeAggregateLead({ plan, rows, language: "zh", question: "哪个城市的客户最少？" }),
    ).toBe("客户最少的城市是 Bergen（25 个），与 Porto 并列。");
  });

  it("names a node by label and id, and lists the top N when asked", () => {
    const plan = planOf({
      valueColumn: "sum_total",
      labelColumn: "label",
      idColumn: "id",
      wording: {
        measure: "sum",
        group: { en: "customer", zh: "客户" },
        property: { en: "orders.total", zh: "金额" },
        top: 2,
      },
    });
    const rows = [
      { id: "customers:26", label: "Customer 26", sum_total: 3350.29 },
      { id: "customers:34", label: "Customer 34", sum_total: 2809.9000000000005 },
    ];
    expect(
      writeAggregateLead({ plan, rows, language: "en", question: "Top 2 customers by spend?" }),
    ).toBe(
      "Customer 26 (customers:26) has the highest total of orders.total (3350.29), followed by Customer 34 (customers:34) (2809.9).",
    );
    expect(
      writeAggregateLead({
        plan,
        rows: rows.slice(0, 1),
        language: "zh",
        question: "订单总金额最高的客户是谁？",
      }),
    ).toBe("金额总和最高的客户是 Customer 26（customers:26），3350.29。");
  });

  it("names a node whose label is its id once", () => {
    const plan = planOf({
      labelColumn: "label",
      idColumn: "id",
      wording: { rows: { en: "loans", zh: "借阅" } },
    });
    expect(
      writeAggregateLead({
        plan,
        rows: [{ id: "n33", label: "n33", count: 17 }],
        language: "en",
        question: "?",
      }),
    ).toBe("n33 has the most loans (17).");
  });

  it("states averages with four decimals, or the decimals the question asks for", () => {
    const plan = planOf({
      answer: "number",
      valueColumn: "average_total",
      labelColumn: undefined,
      describe: { en: "average of orders.total", zh: "金额的平均值" },
      wording: {
        measure: "average",
        group: null,
        direction: null,
        property: { en: "orders.total", zh: "金额" },
      },
    });
    const rows = [{ average_total: 251.7523666666667 }];
    expect(
      writeAggregateLead({
        plan,
        rows,
        language: "en",
        question: "What is the average order total? Give two decimals.",
      }),
    ).toBe("The average order total is 251.75.");
    expect(
      writeAggregateLead({ plan, rows, language: "en", question: "Average order total, please." }),
    ).toBe("Average of orders.total is 251.7524.");
    expect(
      writeAggregateLead({
        plan,
        rows,
        language: "zh",
        question: "订单的平均金额是多少？保留两位小数。",
      }),
    ).toBe("金额的平均值是 251.75。");
    expect(
      writeAggregateLead({
        plan,
        rows: [{ average_total: 52579.000000000015 }],
        language: "en",
        question: "What is the average?",
      }),
    ).toBe("The average is 52579.");
  });

  it("echoes a count question as a statement when its words allow it", () => {
    const plan = planOf({
      answer: "count",
      labelColumn: undefined,
      describe: { en: "members with club = Officer", zh: "club 为 Officer 的成员数量" },
      wording: {
        group: null,
        direction: null,
        rows: { en: "members", zh: "成员" },
        conditions: { en: "club = Officer", zh: "club 为 Officer" },
      },
    });
    const rows = [{ count: 17 }];
    expect(
      writeAggregateLead({
        plan,
        rows,
        language: "en",
        question: "How many members belong to the Officer club?",
      }),
    ).toBe("17 members belong to the Officer club.");
    expect(
      writeAggregateLead({
        plan,
        rows,
        language: "en",
        question: "How many members are there in the Officer club?",
      }),
    ).toBe("17 members are in the Officer club.");
    expect(
      writeAggregateLead({
        plan,
        rows,
        language: "en",
        question: "How many members does the Officer club have?",
      }),
    ).toBe("There are 17 members with club = Officer.");
    expect(
      writeAggregateLead({
        plan,
        rows: [{ count: 1 }],
        language: "en",
        question: "How many members are in it?",
      }),
    ).toBe("There is 1 member with club = Officer.");
    expect(
      writeAggregateLead({ plan, rows, language: "zh", question: "Officer 俱乐部有多少成员？" }),
    ).toBe("club 为 Officer 的成员共有 17 个。");
  });

  it("lists a table's groups in order, and says when there are more", () => {
    const plan = planOf({ answer: "table", wording: { direction: null } });
    const many = Array.from({ length: 12 }, (_, index) => ({
      city: `City ${index}`,
      count: 20 - index,
    }));
    expect(
      writeAggregateLead({ plan, rows: cities, language: "en", question: "Customers per city?" }),
    ).toBe("Customers per city: Lyon 27, Bergen 25, Porto 25.");
    expect(writeAggregateLead({ plan, rows: many, language: "en", question: "?" })).toMatch(
      /City 9 11, and 2 more\.$/,
    );
    expect(
      writeAggregateLead({ plan, rows: cities, language: "zh", question: "每个城市有多少客户？" }),
    ).toBe("各城市的客户数量：Lyon 27、Bergen 25、Porto 25。");
  });

  it("says so when no row matches", () => {
    expect(writeAggregateLead({ plan: planOf({}), rows: [], language: "en", question: "?" })).toBe(
      "No rows match: customers per city.",
    );
  });
});
