import type { OAuthConsent, OAuthScope } from "@neuroos/contracts";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard, BadLinkAlert } from "@/features/auth";
import { CheckboxField } from "@/features/settings";
import { errorMessage } from "@/lib/api";
import { useOAuthConsent, useOAuthDecision } from "@/lib/resources/oauth";

const scopeWords: Record<OAuthScope, { label: string; detail: string }> = {
  read: {
    label: "Read your files",
    detail: "List, read and search the files in your workspace. Nothing is changed.",
  },
  full: {
    label: "Full access",
    detail: "Also write files and run code and shell commands in your sandbox.",
  },
};

/**
 * /oauth/consent?…: an app (an MCP client such as Claude) asks to use the person's workspace
 * through NeuroOS's MCP server. Names the app and says plainly when nothing vouches for it; the
 * person picks what to allow, then Allow sends the app a one-time code, Deny a refusal.
 */
export function OAuthConsentPage() {
  const { search } = useLocation();
  const consent = useOAuthConsent(search);
  if (consent.isPending) return <Spinner label="Checking the app's request…" />;
  if (consent.isError)
    return (
      <AuthCard title="This request cannot be answered" description="The app's sign-in link is not valid.">
        <BadLinkAlert message={errorMessage(consent.error, "The app's request could not be checked.")}>
          Nothing was shared. Go back to the app and connect it again.
        </BadLinkAlert>
      </AuthCard>
    );
  return <ConsentForm consent={consent.data} search={search} />;
}

function ConsentForm({ consent, search }: { consent: OAuthConsent; search: string }) {
  const decision = useOAuthDecision();
  const [scope, setScope] = useState<OAuthScope>(consent.scopes[0] ?? "read");
  const [requireApproval, setRequireApproval] = useState(true);
  const legendId = useId();
  const redirectTo = decision.data?.redirectTo;
  useEffect(() => {
    // Only to a web address: the server checks each app's addresses, and this holds if one slips.
    if (redirectTo && /^https?:\/\//i.test(redirectTo)) window.location.assign(redirectTo);
  }, [redirectTo]);
  const request = Object.fromEntries(new URLSearchParams(search)) as OAuthConsentRequest;
  const answer = (allow: boolean) =>
    decision.mutate(
      allow
        ? { request, allow, scope, requireApproval: scope === "full" && requireApproval }
        : { request, allow },
    );
  const name = consent.clientName;
  return (
    <AuthCard
      title={`Allow ${name} to use NeuroOS?`}
      description={`${name} asks to reach your workspace through NeuroOS's MCP server.`}
    >
      <div className="grid gap-4">
        <div
          className={`flex gap-3 rounded-lg border p-3 text-sm ${consent.verified ? "border-border" : "border-warning"}`}
        >
          {consent.verified ? (
            <ShieldCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          ) : (
            <ShieldAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-warning" />
          )}
          <div className="grid min-w-0 gap-1 break-words">
            {consent.verified ? (
              <p>
                <span className="font-semibold">{name}</span> is identified by its website{" "}
                <span className="font-semibold">{consent.clientIdHost}</span>.
              </p>
            ) : (
              <p>
                <span className="font-semibold">Unverified app.</span> It registered itself and named itself “
                {name}”; NeuroOS cannot confirm that. Allow it only if you started connecting it just now.
              </p>
            )}
            <p className="text-muted-foreground">
              Your answer goes back to{" "}
              <span className="font-medium text-foreground">{consent.redirectHost}</span>.
            </p>
          </div>
        </div>
        <fieldset className="grid gap-2" aria-describedby={legendId}>
          <legend className="mb-1 text-sm font-medium">What {name} may do</legend>
          <p id={legendId} className="sr-only">
            Choose how far the app may reach. You can end its access at any time in Settings, Connected apps.
          </p>
          {consent.scopes.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="scope"
                value={option}
                checked={scope === option}
                onChange={() => setScope(option)}
                className="mt-1 size-4 accent-[var(--primary)]"
              />
              <span className="grid gap-0.5 text-sm">
                <span className="font-medium">{scopeWords[option].label}</span>
                <span className="text-muted-foreground">{scopeWords[option].detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {scope === "full" ? (
          <CheckboxField
            label="Ask me before each change"
            description="Before the app writes a file or runs code or a command, NeuroOS asks you in the console; without an answer in time, the change is refused."
            checked={requireApproval}
            onCheckedChange={setRequireApproval}
          />
        ) : null}
        {decision.isError ? (
          <p role="alert" className="text-sm text-danger-text">
            {errorMessage(decision.error, "Your answer could not be sent. Try again.")}
          </p>
        ) : null}
        {redirectTo ? (
          <p role="status" className="text-sm text-muted-foreground">
            Taking you back to {name}…
          </p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            variant="outline"
            disabled={decision.isPending || !!redirectTo}
            onClick={() => answer(false)}
          >
            Deny
          </Button>
          <Button disabled={decision.isPending || !!redirectTo} onClick={() => answer(true)}>
            Allow
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          You can end {name}'s access at any time in Settings, under Connected apps.
        </p>
      </div>
    </AuthCard>
  );
}

type OAuthConsentRequest = Parameters<ReturnType<typeof useOAuthDecision>["mutate"]>[0]["request"];
