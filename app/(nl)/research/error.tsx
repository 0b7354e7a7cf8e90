"use client";

import { PageFailed } from "@/components/public/page-failed";

/**
 * /research when rendering it failed (the database away and no copy to serve), shown inside the
 * public frame (components/public/page-failed). Only /research reads the database while it is
 * rendered; the other public pages are built ahead, or (the study page) word a failure themselves.
 */
export default function ResearchError() {
  return <PageFailed />;
}
