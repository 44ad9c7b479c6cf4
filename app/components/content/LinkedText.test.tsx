import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LinkedText } from "./LinkedText";

describe("an editor's text with web addresses", () => {
  it("links http(s) addresses, leaves a closing full stop outside and escapes everything else", () => {
    const html = renderToStaticMarkup(<LinkedText text={'见 https://example.com/a?b=1. 或 http://x.cn/p，<script>alert("x")</script> javascript:alert(1)'} />);
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener noreferrer" target="_blank">https://example.com/a?b=1</a>.');
    expect(html).toContain('<a href="http://x.cn/p" rel="noopener noreferrer" target="_blank">http://x.cn/p</a></span>，');
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain('href="javascript');
  });
});
