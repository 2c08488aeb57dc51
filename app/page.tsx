import { redirect } from "next/navigation";

/** The workbench starts where every analysis starts: with data. */
export default function HomePage() {
  redirect("/datasets");
}
