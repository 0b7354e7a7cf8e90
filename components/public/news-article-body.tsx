import type { NewsBlock } from "@/content/news";

/** An article's blocks in order; headings sit one level below the article title. */
export function NewsArticleBody({ blocks }: { blocks: readonly NewsBlock[] }) {
  return (
    <div className="prose-content text-lg">
      {blocks.map((block, index) => {
        switch (block.type) {
          case "heading":
            return <h2 key={index}>{block.text}</h2>;
          case "paragraph":
            return <p key={index}>{block.text}</p>;
          case "list":
            return (
              <ul key={index}>
                {block.items.map((item) => (
                  <li key={item} className="mb-1">
                    {item}
                  </li>
                ))}
              </ul>
            );
        }
      })}
    </div>
  );
}
