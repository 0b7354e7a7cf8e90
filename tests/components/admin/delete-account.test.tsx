import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DeleteAccountDialog } from "@/components/admin/account/delete-account-dialog";
import { setUpApiTestServer } from "../../support/api-test-file";
import { messagesOf, renderIntl } from "../../support/render-intl";

const router = vi.hoisted(() => ({ replace: vi.fn(), refresh: vi.fn() }));
vi.mock("next/navigation", () => ({ useRouter: () => router }));

const server = setUpApiTestServer();

const t = messagesOf.nl.account.delete;

describe("deleting one's own account", () => {
  it("stays busy once deleted, while the home page loads, so a second press sends nothing", async () => {
    server().on("DELETE /api/delete_account", { status: 200, body: {} });
    const user = userEvent.setup();
    renderIntl(<DeleteAccountDialog open onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: t.title });
    await user.type(
      within(dialog).getByLabelText(messagesOf.nl.common.passwordConfirm.label),
      "Mijn-Wachtw00rd",
    );
    const confirm = within(dialog).getByRole("button", { name: t.submit });
    await user.click(confirm);
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith("/home"));
    // The portal is on its way out: the button stays held.
    expect(confirm.getAttribute("aria-busy")).toBe("true");
    await user.click(confirm);
    await user.keyboard("{Enter}");
    expect(server().requests.filter((r) => r.method === "DELETE")).toHaveLength(1);
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });
});
