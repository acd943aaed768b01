import {
  Accessibility,
  AppWindow,
  Bot,
  type LucideIcon,
  MessagesSquare,
  Plug,
  Search,
  SquareTerminal,
  Store,
} from "lucide-react";

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
  /** Where the card leads (a signed-out visitor is asked to sign in first). */
  href: string;
}

/** What the product does (spec section 1), shown on the landing and about pages. */
export const productFeatures: Feature[] = [
  {
    icon: MessagesSquare,
    title: "LLM console",
    href: "/dashboard",
    text: "Chat with OpenAI, Anthropic, Hugging Face or a local Ollama model, and manage your agents.",
  },
  {
    icon: SquareTerminal,
    title: "Code & terminal",
    href: "/terminal",
    text: "The model writes and runs code and shell commands in an isolated sandbox on the server.",
  },
  {
    icon: AppWindow,
    title: "AI desktop apps",
    href: "/desktop",
    text: "Note pad, document editor, spreadsheet, task planner and prompt workbench, in a windowed desktop.",
  },
  {
    icon: Bot,
    title: "Code IDE",
    href: "/ide",
    text: "An editor with file explorer, terminal and an AI assistant that knows the file you are in.",
  },
  {
    icon: Search,
    title: "Semantic search",
    href: "/vector-search",
    text: "Vector search across your files and conversations, with analytics and embedding models.",
  },
  {
    icon: Accessibility,
    title: "Accessibility suite",
    href: "/neuro-equality",
    text: "Six tools for neurodivergent users: organiser, focus timer, communication, calendar and more.",
  },
  {
    icon: Plug,
    title: "Tools & MCP",
    href: "/dashboard/tools",
    text: "Give your agents tools from MCP servers, and reach your workspace from other MCP clients.",
  },
  {
    icon: Store,
    title: "Marketplace",
    href: "/marketplace",
    text: "Install agents, prompt libraries, MCP servers and models made by the community.",
  },
];

export const audiences = [
  { name: "AI developers", text: "Prototype agents and tools against real models, code and files." },
  { name: "Researchers", text: "Compare providers and models and keep every experiment in one place." },
  { name: "System builders", text: "Compose models, sandboxes and apps into your own workflows." },
  { name: "Automation teams", text: "Let agents run the repetitive work while you review the results." },
] as const;

export const leadership = [
  { role: "Founder & Chief Executive", focus: "Sets the product vision and leads partnerships." },
  { role: "Chief Technology Officer", focus: "Owns the platform: sandbox, storage and model adapters." },
  { role: "Head of AI Research", focus: "Agents, tool calling and the quality of model answers." },
  { role: "Head of Accessibility", focus: "Leads NeuroEquality OS with neurodivergent users." },
] as const;

export const techStack = [
  "TypeScript",
  "React 19",
  "Vite",
  "Tailwind CSS",
  "Radix UI",
  "TanStack Query",
  "Fastify",
  "PostgreSQL & PGlite",
  "pgvector",
  "Drizzle ORM",
  "bubblewrap sandbox",
  "Playwright",
] as const;

export const partners = [
  { name: "OpenAI", href: "https://openai.com" },
  { name: "Anthropic", href: "https://www.anthropic.com" },
  { name: "Hugging Face", href: "https://huggingface.co" },
  { name: "Ollama", href: "https://ollama.com" },
] as const;
