import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SurveyBlock } from "@/components/survey/survey-block";

describe("a survey text block", () => {
  it("renders inside a box that clips and positions whatever it holds", () => {
    const { container } = render(
      <SurveyBlock
        id="b1"
        block={{
          type: "text",
          data_name: "welcome",
          order: 1,
          content: '<p class="fixed inset-0 z-50">Welkom</p>',
        }}
        answer={undefined}
        error={null}
        onAnswer={() => {}}
      />,
    );
    const box = container.firstElementChild as HTMLElement;
    expect(box.querySelector("p")?.textContent).toBe("Welkom");
    // contain: content and position: relative make the box the containing block of anything
    // fixed or absolute inside it; overflow: hidden clips it to the box.
    expect(box.classList).toContain("[contain:content]");
    expect(box.classList).toContain("relative");
    expect(box.classList).toContain("overflow-hidden");
  });
});
