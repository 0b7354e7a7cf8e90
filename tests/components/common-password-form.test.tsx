import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ResetPasswordForm } from "@/components/public/reset-password-form";
import { COMMON_PASSWORD_TEXT } from "@/lib/auth/schemas.shared";
import { setUpApiTestServer } from "../support/api-test-file";
import { browseTo, messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

describe("a common password refused by the server", () => {
  for (const locale of ["nl", "en"] as const) {
    it(`shows the form's own text under the new password (${locale})`, async () => {
      const t = messagesOf[locale].auth;
      server().on("POST /api/reset_password", {
        status: 400,
        body: {
          error: {
            code: 4,
            message: "The new password does not meet the conditions",
            fields: { new_password: COMMON_PASSWORD_TEXT },
          },
        },
      });
      browseTo(server().origin, "/reset-password#email=a%40example.org&reset_token=tok");
      renderIntl(<ResetPasswordForm />, locale);
      const field = await screen.findByLabelText(t.reset.newPassword);
      fireEvent.change(field, { target: { value: "Password1" } });
      fireEvent.change(screen.getByLabelText(t.reset.checkPassword), {
        target: { value: "Password1" },
      });
      fireEvent.click(screen.getByRole("button", { name: t.reset.submit }));
      expect(await screen.findByText(t.validation.passwordTooCommon)).toBeTruthy();
      const described = field.getAttribute("aria-describedby") ?? "";
      const texts = described.split(" ").map((id) => document.getElementById(id)?.textContent);
      expect(texts).toContain(t.validation.passwordTooCommon);
    });
  }
});
