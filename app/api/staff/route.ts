import { requestLocale } from "@/lib/i18n/request-locale";
import { inviteStaff } from "@/lib/auth/staff-admin";
import { toStaffListItem } from "@/lib/auth/staff-list";
import { inviteStaffSchema } from "@/lib/auth/staff-schemas.shared";
import { listStaff } from "@/lib/auth/staff-users";
import { otherMethods, route } from "@/lib/http/handler";

export const dynamic = "force-dynamic";

export const GET = route({ auth: "admin" }, async () => ({
  items: (await listStaff()).map(toStaffListItem),
}));

export const POST = route(
  { auth: "admin", body: inviteStaffSchema() },
  async ({ body, user, req }) => toStaffListItem(await inviteStaff(body, user, requestLocale(req))),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
