import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useApiMutation, type MutationResult } from "@/components/data/use-api-mutation";
import { ErrorCode } from "@/lib/errors/codes.shared";
import { startApiTestServer } from "../support/api-test-server";
import { setUpApiTestServer } from "../support/api-test-file";
import { messagesOf, renderIntl } from "../support/render-intl";

const server = setUpApiTestServer();

let last: MutationResult<unknown> | null = null;

function Probe({ path, texts }: { path: string; texts?: Record<number, string> }) {
  const mutation = useApiMutation({ texts });
  return (
    <div>
      <button
        type="button"
        onClick={async () => {
          last = await mutation.run({ path, body: { value: 1 } });
        }}
      >
        send
      </button>
      <p data-testid="state">
        {mutation.pending ? "pending" : "idle"}|{mutation.errorMessage ?? "-"}
      </p>
    </div>
  );
}

const state = () => screen.getByTestId("state").textContent;

describe("useApiMutation", () => {
  it("is pending while the request runs and sends the body as JSON", async () => {
    server().on("POST /api/ok", { status: 200, body: { saved: true }, delayMs: 100 });
    renderIntl(<Probe path="/api/ok" />);
    act(() => screen.getByRole("button").click());
    expect(state()).toBe("pending|-");
    await waitFor(() => expect(state()).toBe("idle|-"));
    expect(last).toEqual({ ok: true, status: 200, data: { saved: true } });
    const sent = server().requests.find((r) => r.path === "/api/ok");
    expect(sent?.body).toEqual({ value: 1 });
    expect(sent?.contentType).toBe("application/json");
  });

  it("turns the error code into the translated text of errors.json", async () => {
    server().on("POST /api/wrong", {
      status: 400,
      body: { error: { code: ErrorCode.WRONG_PASSWORD, message: "Wrong password" } },
    });
    renderIntl(<Probe path="/api/wrong" />);
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(state()).toBe(`idle|${messagesOf.nl.errors.codes["3"]}`));
    expect(last).toMatchObject({ ok: false, status: 400, message: "Verkeerd wachtwoord" });
  });

  it("translates into the page's language", async () => {
    server().on("POST /api/admin-only", {
      status: 403,
      body: { error: { code: ErrorCode.ADMIN_REQUIRED, message: "This requires an admin" } },
    });
    renderIntl(<Probe path="/api/admin-only" />, "en");
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(state()).toBe(`idle|${messagesOf.en.errors.codes["8"]}`));
  });

  it("a screen's own text replaces the catalogue's for that code", async () => {
    server().on("POST /api/last-admin", {
      status: 409,
      body: { error: { code: ErrorCode.ADMIN_REQUIRED, message: "last admin" } },
    });
    renderIntl(
      <Probe
        path="/api/last-admin"
        texts={{ [ErrorCode.ADMIN_REQUIRED]: "Maak eerst iemand anders admin" }}
      />,
    );
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(state()).toBe("idle|Maak eerst iemand anders admin"));
  });

  it("an unknown code and a body that is no envelope get the generic text", async () => {
    server().on("POST /api/odd", { status: 418, body: { error: { code: 999, message: "?" } } });
    server().on("POST /api/plain", { status: 502 });
    renderIntl(<Probe path="/api/odd" />);
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(state()).toBe(`idle|${messagesOf.nl.errors.unknown}`));
    renderIntl(<Probe path="/api/plain" />);
    act(() => screen.getAllByRole("button")[1].click());
    await waitFor(() =>
      expect(screen.getAllByTestId("state")[1].textContent).toBe(
        `idle|${messagesOf.nl.errors.codes["13"]}`,
      ),
    );
  });

  it("no answer at all (server gone) shows the generic text, and nothing throws", async () => {
    const gone = await startApiTestServer();
    await gone.close();
    renderIntl(<Probe path={`${gone.origin}/api/anything`} />);
    act(() => screen.getByRole("button").click());
    await waitFor(() => expect(state()).toBe(`idle|${messagesOf.nl.errors.unknown}`));
    expect(last).toMatchObject({ ok: false, status: 0 });
  });
});
