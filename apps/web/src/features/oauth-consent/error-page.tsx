import { useSearchParams } from "react-router";
import { TextLink } from "@/components/ui/text-link";
import { AuthCard, BadLinkAlert } from "@/features/auth";

/** Our own words for each refusal (never text from the link, which anyone can write). */
const reasons: Record<string, string> = {
  invalid_client: "The link names an app NeuroOS does not know, or whose description could not be read.",
  invalid_request: "The link asks to send your answer to an address the app never registered.",
};

/**
 * /oauth/error?error=…: an app's sign-in link NeuroOS will not answer (an unknown app, or a return
 * address the app never registered), so nothing is sent back to it.
 */
export function OAuthErrorPage() {
  const code = useSearchParams()[0].get("error") ?? "";
  return (
    <AuthCard
      title="This app's sign-in link cannot be used"
      description="NeuroOS did not connect the app and sent nothing back to it."
      footer={
        <p>
          <TextLink to="/dashboard">Go to your dashboard</TextLink>
        </p>
      }
    >
      <BadLinkAlert message={reasons[code] ?? "The link is not a valid request to connect an app."}>
        Go back to the app and connect it again. If it keeps happening, the app may be misconfigured.
      </BadLinkAlert>
    </AuthCard>
  );
}
