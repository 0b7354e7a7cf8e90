"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { ChevronDown, CircleUserRound, LogOut, UserCog } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { useApiMutation } from "@/components/data/use-api-mutation";
import { mayLeaveScreens } from "@/components/ui/use-leave-guard";
import { useStaffUser } from "./staff-user-context";

/** The top bar's user dropdown: who is signed in, the account page and logging out. */
export function UserMenu() {
  const t = useTranslations("admin.shell");
  const { user } = useStaffUser();
  const router = useRouter();
  const { run } = useApiMutation();

  async function logout() {
    // What the open screen still holds is saved while the session lasts (or the reader is asked).
    if (!(await mayLeaveScreens())) return;
    const result = await run({ path: "/api/logout", body: {} });
    if (result.ok && result.status === 200) {
      router.replace("/");
      router.refresh();
      return;
    }
    toast.error(t("logoutFailed"));
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="btn-ghost max-w-[16rem] px-2">
        <CircleUserRound aria-hidden className="size-5 shrink-0" />
        {/* The name says what the button is and includes the visible address (WCAG 2.5.3). */}
        <span className="sr-only">{t("userMenu")}: </span>
        <span className="hidden truncate sm:inline">{user.email}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2 text-xs text-muted">
            {t("signedInAs")}
            <span className="block truncate text-sm font-medium text-ink">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <DropdownMenu.Item asChild>
            <Link
              href="/account"
              className="flex items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-primary-50"
            >
              <UserCog aria-hidden className="size-4" />
              {t("account")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            onSelect={() => void logout()}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-primary-50"
          >
            <LogOut aria-hidden className="size-4" />
            {t("logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
