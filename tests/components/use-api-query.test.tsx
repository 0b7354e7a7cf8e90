import { act, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { useApiQuery } from "@/components/data/use-api-query";
import { setUpApiTestServer } from "../support/api-test-file";

const server = setUpApiTestServer();

type Item = { name: string };

function Probe({ path, keepPrevious }: { path: string | null; keepPrevious?: boolean }) {
  const { data, error, loading, refresh } = useApiQuery<Item>(path, { keepPrevious });
  return (
    <div>
      <p data-testid="state">
        {loading ? "loading" : "idle"}|{data?.name ?? "-"}|{error ? error.code : "-"}
      </p>
      <button type="button" onClick={refresh}>
        refresh
      </button>
    </div>
  );
}

const state = () => screen.getByTestId("state").textContent;

describe("useApiQuery", () => {
  it("is loading, then has the data", async () => {
    server().on("GET /api/item/1", { status: 200, body: { name: "first" }, delayMs: 50 });
    render(<Probe path="/api/item/1" />);
    expect(state()).toBe("loading|-|-");
    await waitFor(() => expect(state()).toBe("idle|first|-"));
    expect(server().requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/item/1"]);
  });

  it("reports the envelope's error code", async () => {
    server().on("GET /api/item/2", { status: 404, body: { error: { code: 14, message: "x" } } });
    render(<Probe path="/api/item/2" />);
    await waitFor(() => expect(state()).toBe("idle|-|14"));
  });

  it("asks again on refresh and shows the new answer", async () => {
    let n = 0;
    server().on("GET /api/item/3", () => ({ status: 200, body: { name: `answer ${++n}` } }));
    render(<Probe path="/api/item/3" />);
    await waitFor(() => expect(state()).toBe("idle|answer 1|-"));
    act(() => screen.getByRole("button", { name: "refresh" }).click());
    expect(state()).toBe("loading|answer 1|-");
    await waitFor(() => expect(state()).toBe("idle|answer 2|-"));
    expect(server().requests).toHaveLength(2);
  });

  it("asks nothing for a null path", async () => {
    render(<Probe path={null} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(state()).toBe("idle|-|-");
    expect(server().requests).toHaveLength(0);
  });

  it("ignores a slow answer for a path it no longer wants", async () => {
    server().on("GET /api/item/slow", { status: 200, body: { name: "slow" }, delayMs: 200 });
    server().on("GET /api/item/fast", { status: 200, body: { name: "fast" } });
    function Switcher() {
      const [path, setPath] = useState("/api/item/slow");
      return (
        <>
          <button type="button" onClick={() => setPath("/api/item/fast")}>
            switch
          </button>
          <Probe path={path} />
        </>
      );
    }
    render(<Switcher />);
    act(() => screen.getByRole("button", { name: "switch" }).click());
    await waitFor(() => expect(state()).toBe("idle|fast|-"));
    await new Promise((r) => setTimeout(r, 300));
    expect(state()).toBe("idle|fast|-");
  });

  it("keeps the last data while the next path loads only when asked to", async () => {
    server().on("GET /api/page/1", { status: 200, body: { name: "page 1" } });
    server().on("GET /api/page/2", { status: 200, body: { name: "page 2" }, delayMs: 100 });
    const { rerender } = render(<Probe path="/api/page/1" keepPrevious />);
    await waitFor(() => expect(state()).toBe("idle|page 1|-"));
    rerender(<Probe path="/api/page/2" keepPrevious />);
    expect(state()).toBe("loading|page 1|-");
    await waitFor(() => expect(state()).toBe("idle|page 2|-"));

    rerender(<Probe path="/api/page/1" />);
    expect(state()).toBe("loading|-|-");
    await waitFor(() => expect(state()).toBe("idle|page 1|-"));
  });

  describe("an answer that left before a change was put in place", () => {
    /** Shows every name it was given, and puts "changed here" in place on `change`. */
    function Changer({ path, seen }: { path: string; seen: string[] }) {
      const { data, loading, refresh, setData } = useApiQuery<Item>(path);
      if (data) seen.push(data.name);
      return (
        <div>
          <p data-testid="state">
            {loading ? "loading" : "idle"}|{data?.name ?? "-"}
          </p>
          <button type="button" onClick={refresh}>
            refresh
          </button>
          <button type="button" onClick={() => setData(() => ({ name: "changed here" }))}>
            change
          </button>
        </div>
      );
    }

    it("is not shown over the change after the first load; the server is asked again", async () => {
      let n = 0;
      // The first answer was read before the change and arrives after it.
      server().on("GET /api/item/10", () =>
        ++n === 1
          ? { status: 200, body: { name: "before the change" }, delayMs: 150 }
          : { status: 200, body: { name: "after the change" } },
      );
      const seen: string[] = [];
      render(<Changer path="/api/item/10" seen={seen} />);
      act(() => screen.getByRole("button", { name: "change" }).click());
      await waitFor(() => expect(state()).toBe("idle|after the change"));
      expect(seen).not.toContain("before the change");
      expect(server().requests).toHaveLength(2);
    });

    it("is not shown over the change after a refresh; the server is asked again", async () => {
      let n = 0;
      server().on("GET /api/item/11", () =>
        ++n === 2
          ? { status: 200, body: { name: "before the change" }, delayMs: 150 }
          : { status: 200, body: { name: `answer ${n}` } },
      );
      const seen: string[] = [];
      render(<Changer path="/api/item/11" seen={seen} />);
      await waitFor(() => expect(state()).toBe("idle|answer 1"));
      act(() => screen.getByRole("button", { name: "refresh" }).click());
      act(() => screen.getByRole("button", { name: "change" }).click());
      expect(state()).toBe("loading|changed here");
      await waitFor(() => expect(state()).toBe("idle|answer 3"));
      expect(seen).not.toContain("before the change");
      expect(server().requests).toHaveLength(3);
    });

    it("a change after the answer arrived leaves it be: nothing is asked again", async () => {
      server().on("GET /api/item/12", { status: 200, body: { name: "loaded" } });
      render(<Changer path="/api/item/12" seen={[]} />);
      await waitFor(() => expect(state()).toBe("idle|loaded"));
      act(() => screen.getByRole("button", { name: "change" }).click());
      expect(state()).toBe("idle|changed here");
      await new Promise((r) => setTimeout(r, 100));
      expect(state()).toBe("idle|changed here");
      expect(server().requests).toHaveLength(1);
    });
  });
});
