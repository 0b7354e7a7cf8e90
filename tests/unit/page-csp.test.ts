import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { isNoncePagePath, isPortalPath, pageCsp } from "@/lib/http/page-csp.shared";
import { EARLY_SUBMIT_SCRIPT_SHA256 } from "@/lib/early-submit/script.shared";
import { QUICK_EXIT_SCRIPT_SHA256 } from "@/lib/quick-exit/script.shared";
import { proxy } from "@/proxy";

const scriptSrc = (csp: string) => csp.split("; ").find((d) => d.startsWith("script-src "))!;

function portalResponse(path: string) {
  return proxy(
    new NextRequest(`http://localhost:3000${path}`, { headers: { host: "localhost:3000" } }),
  );
}

describe("page CSP", () => {
  it("keeps the public pages' static policy: inline bootstrap scripts, nothing third-party", () => {
    const csp = pageCsp({ production: true });
    expect(scriptSrc(csp)).toBe("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  it("gives a nonce and 'strict-dynamic', never 'unsafe-inline', to scripts of a nonce policy", () => {
    const csp = pageCsp({ production: true, nonce: "abc123" });
    expect(scriptSrc(csp)).toBe(
      `script-src 'self' 'nonce-abc123' ${QUICK_EXIT_SCRIPT_SHA256} ${EARLY_SUBMIT_SCRIPT_SHA256} 'strict-dynamic'`,
    );
  });

  it("states every directive, each once: nothing left to the browser's defaults", () => {
    expect(pageCsp({ production: true }).split("; ")).toEqual([
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "frame-src 'self'",
    ]);
  });

  it("allows eval and the dev server's websocket outside production only", () => {
    const dev = pageCsp({ production: false, nonce: "abc123" }).split("; ");
    expect(dev).toContain(
      `script-src 'self' 'nonce-abc123' ${QUICK_EXIT_SCRIPT_SHA256} ${EARLY_SUBMIT_SCRIPT_SHA256} 'strict-dynamic' 'unsafe-eval'`,
    );
    expect(dev).toContain("connect-src 'self' ws: wss:");
    expect(dev).toHaveLength(11);
  });

  it("gives the nonce policy to the portal and to /study and /survey, not other public pages", () => {
    for (const p of ["/admin/studies", "/account", "/study/12", "/survey/abc", "/study"]) {
      expect(isNoncePagePath(p), p).toBe(true);
    }
    for (const p of ["/", "/research", "/studies", "/surveys", "/my-answers", "/news/x"]) {
      expect(isNoncePagePath(p), p).toBe(false);
    }
  });

  it("knows the portal's paths", () => {
    for (const p of ["/admin", "/admin/", "/admin/studies", "/account", "/account/x"]) {
      expect(isPortalPath(p)).toBe(true);
    }
    for (const p of ["/", "/administrator", "/accounts", "/research", "/api/admin"]) {
      expect(isPortalPath(p)).toBe(false);
    }
  });
});

describe("proxy.ts on the staff portal's pages", () => {
  it("sets a fresh nonce policy on the response and on the request Next renders from", () => {
    const first = portalResponse("/admin/studies");
    const csp = first.headers.get("content-security-policy")!;
    expect(scriptSrc(csp)).toMatch(
      /^script-src 'self' 'nonce-[A-Za-z0-9+/]{24}' 'sha256-[A-Za-z0-9+/]{43}=' 'sha256-[A-Za-z0-9+/]{43}=' 'strict-dynamic'/,
    );
    expect(scriptSrc(csp)).not.toContain("unsafe-inline");
    // NextResponse.next({ request: { headers } }) hands these request headers to the renderer.
    expect(first.headers.get("x-middleware-next")).toBe("1");
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(csp);
    const second = portalResponse("/account").headers.get("content-security-policy")!;
    expect(scriptSrc(second)).not.toBe(scriptSrc(csp));
  });

  it("leaves the API's answers without a page policy of its own", () => {
    const res = proxy(
      new NextRequest("http://localhost:3000/api/whoami", { headers: { host: "localhost:3000" } }),
    );
    expect(res.headers.get("content-security-policy")).toBeNull();
  });
});
