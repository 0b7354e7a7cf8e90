import { otherMethods, route } from "@/lib/http/handler";
import { searchPanelUsers } from "@/lib/panel/list";
import { PANEL_PAGE_SIZE, panelUserSearchSchema } from "@/lib/panel/schemas.shared";

export const dynamic = "force-dynamic";

/**
 * Staff: the member with exactly this address, in the list's shape. A POST, so that addresses
 * never appear in a URL, a proxy's log or the browser's history.
 */
export const POST = route({ auth: "staff", body: panelUserSearchSchema }, ({ body }) =>
  searchPanelUsers(body.email, PANEL_PAGE_SIZE),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
