import { redirect } from "next/navigation";

// Any path without a page of its own goes to the home page.
export default function UnknownPath(): never {
  redirect("/");
}
