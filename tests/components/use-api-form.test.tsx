import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { useApiForm } from "@/components/data/use-api-form";
import { Alert } from "@/components/ui/alert";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { setUpApiTestServer } from "../support/api-test-file";
import { browseTo, messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

const schema = z.object({
  email: z.string().trim().min(1, "Vul je e-mailadres in"),
  name: z.string().trim().max(20, "Te lang"),
});

let saved: { id: number } | null = null;

/** A whole screen's form: a schema, its fields and a submit. */
function InviteForm() {
  const { onSubmit, field, pending, formError } = useApiForm({
    schema,
    defaultValues: { email: "", name: "" },
    codeFields: { [ErrorCode.EMAIL_EXISTS]: "email" },
    submit: (values) => ({ path: "/api/invite", body: values }),
    onSuccess: (data: { id: number }) => {
      saved = data;
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <TextField label="E-mail" {...field("email")} />
      <TextField label="Naam" {...field("name")} />
      <SubmitButton pending={pending}>Uitnodigen</SubmitButton>
    </form>
  );
}

function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "");
}

describe("useApiForm", () => {
  it("checks the schema first and sends nothing while a field is invalid", async () => {
    const user = userEvent.setup();
    renderIntl(<InviteForm />);
    await user.click(screen.getByRole("button", { name: "Uitnodigen" }));
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(email)).toEqual(["Vul je e-mailadres in"]);
    expect(document.activeElement).toBe(email);
    expect(server().requests).toHaveLength(0);
  });

  it("sends the parsed values and hands the answer to onSuccess", async () => {
    server().on("POST /api/invite", { status: 200, body: { id: 7 } });
    const user = userEvent.setup();
    renderIntl(<InviteForm />);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "  a@example.org ");
    await user.click(screen.getByRole("button", { name: "Uitnodigen" }));
    await waitFor(() => expect(saved).toEqual({ id: 7 }));
    expect(server().requests[0].body).toEqual({ email: "a@example.org", name: "" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("puts the server's fields on the matching fields and its message in the alert", async () => {
    server().on("POST /api/invite", {
      status: 409,
      body: {
        error: {
          code: ErrorCode.EMAIL_EXISTS,
          message: "An account with this email already exists",
          fields: { email: "taken", unknown_field: "ignored" },
        },
      },
    });
    const user = userEvent.setup();
    renderIntl(<InviteForm />);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "b@example.org");
    await user.type(screen.getByRole("textbox", { name: "Naam" }), "Bea");
    await user.click(screen.getByRole("button", { name: "Uitnodigen" }));

    const text = messagesOf.nl.errors.codes["0"];
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(text));
    const email = screen.getByRole("textbox", { name: "E-mail" });
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(email)).toEqual([text]);
    expect(document.activeElement).toBe(email);
    const name = screen.getByRole("textbox", { name: "Naam" });
    expect(name.hasAttribute("aria-invalid")).toBe(false);
  });

  it("a refusal without fields only fills the form's alert", async () => {
    server().on("POST /api/invite", {
      status: 429,
      body: { error: { code: ErrorCode.RATE_LIMITED, message: "Too many requests" } },
    });
    const user = userEvent.setup();
    renderIntl(<InviteForm />);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "c@example.org");
    await user.click(screen.getByRole("button", { name: "Uitnodigen" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe(messagesOf.nl.errors.codes["23"]),
    );
    for (const box of screen.getAllByRole("textbox")) {
      expect(box.hasAttribute("aria-invalid")).toBe(false);
    }
  });

  it("a refusal without fields whose code is about one field marks and focuses that field", async () => {
    server().on("POST /api/invite", {
      status: 409,
      body: { error: { code: ErrorCode.EMAIL_EXISTS, message: "Email already exists" } },
    });
    const user = userEvent.setup();
    renderIntl(<InviteForm />);
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "d@example.org");
    await user.type(screen.getByRole("textbox", { name: "Naam" }), "Dirk");
    await user.click(screen.getByRole("button", { name: "Uitnodigen" }));
    const email = screen.getByRole("textbox", { name: "E-mail" });
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(email)).toEqual([messagesOf.nl.errors.codes["0"]]);
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole("textbox", { name: "Naam" }).hasAttribute("aria-invalid")).toBe(false);
  });

  it.each([
    ["an answer without an error envelope", { status: 502 }],
    [
      "the unknown-error code",
      { status: 500, body: { error: { code: ErrorCode.UNKNOWN, message: "Unknown" } } },
    ],
    ["a code the catalogue has no text for", { status: 400, body: { error: { code: 99 } } }],
  ])("%s shows the spec's form fallback", async (_, reply) => {
    server().on("POST /api/invite", reply);
    const user = userEvent.setup();
    renderIntl(<InviteForm />, "en");
    await user.type(screen.getByRole("textbox", { name: "E-mail" }), "d@example.org");
    await user.click(screen.getByRole("button", { name: "Uitnodigen" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("An unknown error has occurred."),
    );
  });

  it("a request that got no answer shows the form fallback too", async () => {
    // Port 1 on the loopback address: nothing listens, so the request is refused.
    browseTo("http://127.0.0.1:1");
    try {
      const user = userEvent.setup();
      renderIntl(<InviteForm />);
      await user.type(screen.getByRole("textbox", { name: "E-mail" }), "e@example.org");
      await user.click(screen.getByRole("button", { name: "Uitnodigen" }));
      await waitFor(() =>
        expect(screen.getByRole("alert").textContent).toBe(messagesOf.nl.errors.formFallback),
      );
    } finally {
      browseTo(server().origin);
    }
  });
});
