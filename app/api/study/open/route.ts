import { otherMethods, route } from "@/lib/http/handler";
import { listPublicStudies } from "@/lib/studies/read";

export const dynamic = "force-dynamic";

/** Public: the ongoing studies of /research, newest first. */
export const GET = route({ auth: "none" }, () => listPublicStudies("open"));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
