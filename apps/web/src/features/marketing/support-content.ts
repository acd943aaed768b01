export const SUPPORT_EMAIL = "support@neuroos.dev";
export const HELLO_EMAIL = "hello@neuroos.dev";

export const waitlistMailto = `mailto:${HELLO_EMAIL}?subject=${encodeURIComponent("Join the NeuroOS waitlist")}`;
export const forumWaitlistMailto = `mailto:${HELLO_EMAIL}?subject=${encodeURIComponent("NeuroOS forum early access")}`;

export const contacts = [
  { title: "Technical support", text: "Problems with your account or the workspace.", email: SUPPORT_EMAIL },
  { title: "General enquiries", text: "Partnerships, press and everything else.", email: HELLO_EMAIL },
] as const;

export const faqs = [
  {
    question: "Which language-model providers does NeuroOS support?",
    answer: "OpenAI, Anthropic, Hugging Face and local models through Ollama.",
  },
  {
    question: "Where does my code run?",
    answer: "In an isolated sandbox on the server, with resource limits and no network access by default.",
  },
  {
    question: "What is Executive Access?",
    answer: "Leadership of our partner organisations automatically receives lifetime Pro access.",
  },
  {
    question: "Is NeuroOS open source?",
    answer: "Yes. NeuroOS is released under the MIT License.",
  },
] as const;
