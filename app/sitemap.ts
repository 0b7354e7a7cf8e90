import type { MetadataRoute } from "next";
import { newsArticles } from "@/content/news";
import { getPublicSiteConfig } from "@/config/public-site";

/**
 * The public pages that are worth finding. Study pages are left out: the sitemap is built
 * without a database, and studies come and go.
 */
export default function sitemap(): MetadataRoute.Sitemap {
  const { appUrl } = getPublicSiteConfig();
  const paths = [
    { path: "/", priority: 1 },
    { path: "/vision", priority: 0.8 },
    { path: "/research", priority: 0.8 },
    { path: "/news", priority: 0.8 },
    { path: "/privacy", priority: 0.5 },
    ...newsArticles.map((a) => ({ path: `/news/${a.slug}`, priority: 0.6 })),
  ];
  return paths.map(({ path, priority }) => ({ url: `${appUrl}${path}`, priority }));
}
