import { ArrowLeft, ExternalLink, Scale, UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { TextLink } from "@/components/ui/text-link";
import { FeatureGrid } from "./feature-grid";
import { PageSection } from "./page-section";
import { audiences, leadership, partners, techStack } from "./product-content";

export function AboutPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>About · NeuroOS</title>
      <TextLink to="/" className="inline-flex items-center gap-1 text-sm">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Home
      </TextLink>
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">About NeuroOS</h1>
      <PageSection id="vision" title="Our vision">
        <p className="max-w-3xl text-muted-foreground">
          We believe the next operating system is one you talk to. In NeuroOS a language model is the
          controller: it chats with you, writes and runs code in a sandbox, reads and writes your files and
          drives small AI apps, while you stay in charge of every step. Our aim is a workspace that is
          powerful for experts and welcoming to everyone, including neurodivergent users.
        </p>
      </PageSection>
      <PageSection id="features" title="Features">
        <FeatureGrid />
      </PageSection>
      <PageSection id="leadership" title="Leadership team">
        <ul className="grid gap-4 sm:grid-cols-2">
          {leadership.map(({ role, focus }) => (
            <li key={role}>
              <Card className="flex h-full gap-4 p-5">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <UserRound className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold">{role}</h3>
                  <p className="mt-1 text-sm text-muted-foreground">{focus}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="stack" title="Technology stack">
        <ul className="flex flex-wrap gap-2">
          {techStack.map((tech) => (
            <li key={tech}>
              <Badge className="px-3 py-1 text-sm">{tech}</Badge>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="partners" title="Partners">
        <p className="mb-4 text-muted-foreground">
          NeuroOS works with the model providers below. Leadership of our partner organisations receives
          lifetime Pro access (Executive Access).
        </p>
        <ul className="flex flex-wrap gap-x-6 gap-y-3">
          {partners.map(({ name, href }) => (
            <li key={name}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-link underline-offset-4 hover:underline"
              >
                {name}
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="audience" title="Who it is for">
        <ul className="grid gap-4 sm:grid-cols-2">
          {audiences.map(({ name, text }) => (
            <li key={name}>
              <h3 className="font-semibold">{name}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection id="licence" title="Licence">
        <p className="flex items-start gap-2 text-muted-foreground">
          <Scale className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          NeuroOS is open-source software released under the MIT License.
        </p>
      </PageSection>
    </div>
  );
}
