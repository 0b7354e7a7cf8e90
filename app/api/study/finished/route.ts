import { otherMethods, route } from "@/lib/http/handler";
import { listPublicStudies } from "@/lib/studies/read";

export const dynamic = "force-dynamic";

/** Public: the finished studies of /research, newest first. */
export const GET = route({ auth: "none" }, () => listPublicStudies("finished"));

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
