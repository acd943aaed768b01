import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";
import { textLinkClasses } from "@/components/ui/text-link";

const remarkPlugins = [remarkGfm];

/** Links inside the docs stay in the app; others open as plain links. No raw HTML is rendered. */
const components: Components = {
  a: ({ href, children }) =>
    href?.startsWith("/") ? (
      <Link to={href} className={textLinkClasses}>
        {children}
      </Link>
    ) : (
      <a href={href} className={textLinkClasses} rel="noreferrer">
        {children}
      </a>
    ),
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

/** A documentation page's Markdown, styled like the console's replies (.markdown). */
export function DocMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="markdown">
      <Markdown remarkPlugins={remarkPlugins} components={components}>
        {markdown}
      </Markdown>
    </div>
  );
}
