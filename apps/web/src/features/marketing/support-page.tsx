import { BookOpen, GitBranch, Mail, MessagesSquare } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextLink, textLinkClasses } from "@/components/ui/text-link";
import { PageSection } from "./page-section";
import { contacts, faqs, forumWaitlistMailto, waitlistMailto } from "./support-content";

const resourceCard = "flex h-full flex-col gap-3 p-5";

export function SupportPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>Support · NeuroOS</title>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Support</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Questions, problems or ideas? We read every message and answer within two working days.
      </p>
      <PageSection id="contact" title="Contact us">
        <ul className="grid gap-4 sm:grid-cols-2">
          {contacts.map(({ title, text, email }) => (
            <li key={email}>
              <Card className={resourceCard}>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{text}</p>
                <a
                  href={`mailto:${email}`}
                  className={`${textLinkClasses} inline-flex items-center gap-2 break-all`}
                >
                  <Mail className="size-4 shrink-0" aria-hidden="true" />
                  {email}
                </a>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="resources" title="Resources">
        <ul className="grid gap-4 sm:grid-cols-3">
          <li>
            <Card className={resourceCard}>
              <BookOpen className="size-5 text-link" aria-hidden="true" />
              <h3 className="font-semibold">Documentation</h3>
              <p className="text-sm text-muted-foreground">Guides for the console, the apps and the API.</p>
              <TextLink to="/docs">Read the docs</TextLink>
            </Card>
          </li>
          <li>
            <Card className={resourceCard}>
              <GitBranch className="size-5 text-link" aria-hidden="true" />
              <h3 className="font-semibold">GitHub</h3>
              <p className="text-sm text-muted-foreground">Source code, issues and releases.</p>
              <Badge className="self-start">Coming Soon</Badge>
            </Card>
          </li>
          <li>
            <Card className={resourceCard}>
              <MessagesSquare className="size-5 text-link" aria-hidden="true" />
              <h3 className="font-semibold">Community forum</h3>
              <p className="text-sm text-muted-foreground">Share workflows and agents with other users.</p>
              <a href={forumWaitlistMailto} className={textLinkClasses}>
                Join Waitlist for Early Access
              </a>
            </Card>
          </li>
        </ul>
      </PageSection>
      <PageSection id="faq" title="Frequently asked questions">
        <div className="grid gap-3">
          {faqs.map(({ question, answer }) => (
            <details key={question} className="group rounded-lg border border-border bg-card p-4">
              <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-2 focus-visible:outline-ring">
                {question}
              </summary>
              <p className="mt-2 text-sm text-muted-foreground">{answer}</p>
            </details>
          ))}
        </div>
      </PageSection>
      <PageSection id="waitlist" title="Join the waitlist">
        <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground">
            Be the first to hear about new apps, agents and the public beta.
          </p>
          <a href={waitlistMailto} className={buttonClasses("primary", "md")}>
            <Mail aria-hidden="true" />
            Join the waitlist
          </a>
        </Card>
      </PageSection>
    </div>
  );
}
