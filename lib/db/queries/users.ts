import "server-only";
import { getDb } from "../client";

const defaultOwnerEmail = "owner@workbench.local";

/** Creates the login-free workspace owner on first use; concurrent callers get the same row. */
export async function upsertDefaultOwner() {
  const db = await getDb();
  return db.user.upsert({
    where: { email: defaultOwnerEmail },
    update: {},
    create: { email: defaultOwnerEmail, displayName: "Workspace owner", isDefaultOwner: true },
  });
}

/** Finds a user by id (identity headers of internal callers). */
export async function findUserById(input: { userId: string }) {
  const db = await getDb();
  return db.user.findUnique({ where: { id: input.userId } });
}

/** Creates a user (tests and future multi-user mode). */
export async function insertUser(input: { email: string; displayName: string }) {
  const db = await getDb();
  return db.user.create({ data: input });
}
