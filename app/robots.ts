import type { MetadataRoute } from "next";
import { getPublicSiteConfig } from "@/config/public-site";

/**
 * Pages reached through a personal link, a token or a sign-in, and the surveys themselves, have
 * no business in a search index.
 */
const privatePaths = [
  "/admin",
  "/account",
  "/api/",
  "/survey/",
  "/my-answers",
  "/bedankt",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/stop-participation",
];

export default function robots(): MetadataRoute.Robots {
  const { appUrl } = getPublicSiteConfig();
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: privatePaths }],
    sitemap: `${appUrl}/sitemap.xml`,
  };
}
